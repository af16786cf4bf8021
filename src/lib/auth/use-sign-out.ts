import { useCallback } from 'react';
import { useAuth } from './AuthProvider';
import { toastError } from '@/lib/toast';

/** Signs out; the gate then sends the visitor to /auth. */
export function useSignOut() {
  const { signOut } = useAuth();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      toastError('Failed to sign out', error);
    }
  }, [signOut]);
}
