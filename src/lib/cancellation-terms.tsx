import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  cancellationSentences,
  refundReasonSentence,
  type CancellationCatalog,
  type CancellationTerms as Terms,
} from '@shared/cancellation-terms';
import type { Database } from '@/types/database';
import { intlFormatters } from './i18n/intl-format';
import type { Locale } from './i18n/locales';
import { useLocale } from './i18n/use-locale';
import { loggedQuery } from './logged-query';
import { publicDb } from './public-db';
import { resourceKeys } from './query-keys';

/**
 * The site's one helper for cancellation terms. The database states them (the house's rule, a
 * quote's, a booking's: public.cancellation_terms_view) and writes their sentences once, in every
 * language (private.cancellation_catalog(), delivered with the house's rule); this fills the page
 * language's templates with its date and euro formatters. No cancellation sentence is written in a
 * component: they render <CancellationTerms terms={…} />, or useHouseCancellation() for the rule.
 */
export type HouseCancellation = Database['public']['CompositeTypes']['house_cancellation_view'];

export async function fetchHouseCancellation(): Promise<HouseCancellation> {
  const { data, error } = await publicDb.rpc('house_cancellation_terms');
  if (error) throw error;
  return data;
}

/** Prefetched by the prerender for every page (the footer shows the rule); refreshed after the policy is saved. */
export const houseCancellationQuery = queryOptions({
  queryKey: [...resourceKeys.cancellation, 'house'] as const,
  queryFn: loggedQuery(fetchHouseCancellation, 'Error fetching the cancellation terms:'),
  staleTime: 5 * 60_000,
});

function useCatalog(locale: Locale): CancellationCatalog | null {
  const { data } = useQuery(houseCancellationQuery);
  const catalog = data?.catalog as Record<string, CancellationCatalog> | null | undefined;
  return catalog?.[locale] ?? catalog?.en ?? null;
}

function useSentencesIn(terms: Pick<Terms, 'lines'> | null | undefined, locale: Locale): string[] {
  const catalog = useCatalog(locale);
  const format = intlFormatters(locale);
  return cancellationSentences(terms, catalog, {
    day: (iso) => format.longDate(iso),
    cents: (cents) => format.euro(cents / 100),
  });
}

/** The terms' sentences in the page's language (none while the catalog loads). */
export function useCancellationSentences(terms: Pick<Terms, 'lines'> | null | undefined): string[] {
  return useSentencesIn(terms, useLocale());
}

/** The house's rule in `locale` (the admin, English, outside the site's pages). */
export function useHouseCancellationIn(locale: Locale): string | null {
  const { data } = useQuery(houseCancellationQuery);
  return useSentencesIn(data?.terms, locale).join(' ') || null;
}

/** The house's rule in the page's language ("Free cancellation until 24 hours before check-in"), or null while it loads. */
export function useHouseCancellation(): string | null {
  return useHouseCancellationIn(useLocale());
}

/** The admin's line for a refund's reason (English): the catalog's sentence for a code ('free_cancellation'), else the staff's words. */
export function RefundReason({ reason, className }: { reason: string; className?: string }) {
  const sentence = refundReasonSentence(reason, useCatalog('en'));
  return <span className={className}>{sentence ?? `Reason: ${reason}`}</span>;
}

interface CancellationTermsProps {
  terms: Pick<Terms, 'lines'> | null | undefined;
  className?: string;
  testId?: string;
}

/** A stay's terms as one paragraph; nothing when there are none. */
export function CancellationTerms({ terms, className, testId = 'cancellation-terms' }: CancellationTermsProps) {
  const sentences = useCancellationSentences(terms);
  if (sentences.length === 0) return null;
  return (
    <p className={className} data-testid={testId}>
      {sentences.join(' ')}
    </p>
  );
}
