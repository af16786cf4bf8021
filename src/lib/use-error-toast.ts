import { useEffect } from 'react';
import { toastError } from './toast';

/**
 * @deprecated Give the query `meta: { errorText: '…' }` instead: the QueryCache's onError in
 * `@/lib/query-client` shows the same toast. Kept until the last call sites (rooms, catalog,
 * content, integrations) are converted; delete it then.
 *
 * Shows the spec's "Error" toast once for each new failure of a query. */
export function useErrorToast(error: unknown, description: string) {
  useEffect(() => {
    if (error) toastError(description, error);
  }, [error, description]);
}
