import { t } from '@lingui/core/macro';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { failureText, needsSecondFactor } from './postgrest-error';

/**
 * What a query or mutation shows when it fails, in its `meta`: the spec's destructive toast, titled
 * `errorTitle` ("Error" unless given) with the text `errorText`; details go to the console.
 * `explainRefusal` appends the database's own reason when it refused on purpose (see failureText),
 * e.g. "Failed to update user role. The last administrator cannot be demoted.".
 * A query or mutation without `errorText` shows nothing (its screen handles the failure itself).
 */
export interface FailureMeta extends Record<string, unknown> {
  errorTitle?: string;
  errorText?: string;
  explainRefusal?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

/** The toast of a failed query or mutation, from its meta (exported for tests). */
export function showFailure(meta: FailureMeta | undefined, error: unknown): Promise<void> | undefined {
  if (!meta?.errorText) return;
  const title = meta.errorTitle ?? t`Error`;
  // a refusal for want of the second factor always says so, whatever the screen
  const text = meta.explainRefusal || needsSecondFactor(error) ? failureText(meta.errorText, error) : meta.errorText;
  // One toast for one message: several queries of a screen failing together (the security
  // monitor reads five) show it once. Imported on failure, so sonner stays out of the public
  // page's first load (see LazyToaster).
  return import('./toast').then(({ toastFailure }) => toastFailure(title, text, error, `${title}\n${meta.errorText}`));
}

export function createQueryClient() {
  return new QueryClient({
    // every failed fetch (after its retry), including background refetches
    queryCache: new QueryCache({ onError: (error, query) => void showFailure(query.meta, error) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => void showFailure(mutation.meta, error),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
