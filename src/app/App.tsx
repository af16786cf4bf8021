import { QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { endHydration } from '@/lib/ssr';
import { createAppRouter } from './router';

/**
 * After the first commit (the hydration of a prerendered page): later renders are the browser's own,
 * and the document is marked as attached (the browser tests wait for it before acting).
 */
function HydratedMarker() {
  useEffect(() => {
    endHydration();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Everything around the router; the prerender (src/entry-server.tsx) renders the same tree. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <HydratedMarker />
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/**
 * The site in the browser. `dehydratedState` is the query cache the prerender embedded in the page:
 * the first render shows the same data as the HTML, and the queries refetch after it.
 */
export function App({ dehydratedState }: { dehydratedState?: DehydratedState }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (dehydratedState) {
      // What React Query's `hydrate` does for the successful queries `dehydrate` wrote, without its
      // ~1 KB (streamed promises, mutations) in the home page's first load (scripts/bundle-size.ts).
      for (const { queryKey, state } of dehydratedState.queries) {
        client.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
      }
      // The data is of the build's moment: stale at once, so each query refetches when its
      // component mounts (the first render still shows it, as the HTML does).
      void client.invalidateQueries({ refetchType: 'none' });
    }
    return client;
  });
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
