import { QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { markRootHydrated, whenPageHydrated } from '@/lib/hydration';
import { AppRoutes } from './router';

/**
 * After the root's first commit: the page's parts hydrate next (src/lib/hydration.tsx). Once they
 * all have, the document is marked as attached (the browser tests wait for it before acting).
 */
function HydratedMarker() {
  useEffect(() => {
    whenPageHydrated(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
    markRootHydrated();
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
      // Fresh while the page hydrates: a part hydrating later must render the data of its HTML.
      for (const { queryKey, state } of dehydratedState.queries) {
        client.setQueryData(queryKey, state.data);
      }
      // The data is of the build's moment: once every part is hydrated, the queries on screen
      // refetch and the others are stale (they refetch when their component mounts).
      whenPageHydrated(() => void client.invalidateQueries());
    }
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
