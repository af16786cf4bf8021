import { useEffect } from 'react';
import { toastError } from './toast';

/** Shows the spec's "Error" toast once for each new failure of a query. */
export function useErrorToast(error: unknown, description: string) {
  useEffect(() => {
    if (error) toastError(description, error);
  }, [error, description]);
}
