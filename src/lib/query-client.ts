import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { failureText } from './postgrest-error';
import { toastFailure } from './toast';

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
export function showFailure(meta: FailureMeta | undefined, error: unknown) {
  if (!meta?.errorText) return;
  const title = meta.errorTitle ?? 'Error';
  const text = meta.explainRefusal ? failureText(meta.errorText, error) : meta.errorText;
  // one toast for one message: several queries of a screen failing together (the security
  // monitor reads five) show it once
  toastFailure(title, text, error, `${title}\n${meta.errorText}`);
}

export function createQueryClient() {
  return new QueryClient({
    // every failed fetch (after its retry), including background refetches
    queryCache: new QueryCache({ onError: (error, query) => showFailure(query.meta, error) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => showFailure(mutation.meta, error) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
