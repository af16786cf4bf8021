import { QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { markRootHydrated, whenInteractive, whenPageHydrated } from '@/lib/hydration';
import { restorePrerenderedData } from '@/lib/prerendered-data';
import { AppRoutes } from './router';

/**
 * After the root's first commit: the page's parts hydrate next (src/lib/hydration.tsx). Once the
 * islands have, the document is marked as attached (`data-hydrated`: the browser tests wait for it
 * before acting); once every part has, `data-page-hydrated`.
 */
function HydratedMarker() {
  useEffect(() => {
    whenInteractive(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
    whenPageHydrated(() => {
      document.documentElement.dataset.pageHydrated = 'true';
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
    if (dehydratedState) restorePrerenderedData(client, dehydratedState);
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
