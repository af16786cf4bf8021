/**
 * Wraps a query function so that a failure is logged to the console before React Query stores
 * it. Public sections show their defaults on failure; the log is the only trace, as specified.
 */
export function loggedQuery<T>(fn: () => Promise<T>, message: string): () => Promise<T> {
  return async () => {
    try {
      return await fn();
    } catch (error) {
      console.error(message, error);
      throw error;
    }
  };
}
