import type { QueryClient } from '@tanstack/react-query';
import { houseCancellationQuery } from '@/lib/cancellation-terms';
import { houseCancellation } from './cancellation-catalog';

export { cancellationLine, houseCancellation } from './cancellation-catalog';

/** Puts the house's terms in a test's query cache, as the prerendered pages embed them. */
export function seedHouseCancellation(client: QueryClient, days = 1): void {
  client.setQueryData(houseCancellationQuery.queryKey, houseCancellation(days));
}
