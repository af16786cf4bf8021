/**
 * The data a prerendered page was built with, put back into the query cache, and its refresh once
 * the page is interactive (see docs/prerendering.md, "Hydration, part by part").
 */
import { QueryClient, replaceEqualDeep, type DehydratedState } from '@tanstack/react-query';
import { releaseStaticParts, whenInteractive, whenPageHydrated } from './hydration';

/**
 * What React Query's `hydrate` does for the successful queries `dehydrate` wrote, without its
 * ~1 KB (streamed promises, mutations) in the home page's first load (scripts/bundle-size.ts).
 * Fresh while the page hydrates: a part hydrating later must render the data of its HTML.
 */
export function restorePrerenderedData(client: QueryClient, state: DehydratedState) {
  for (const { queryKey, state: query } of state.queries) client.setQueryData(queryKey, query.data);
  whenInteractive(() => void refreshPrerenderedData(client));
}

/**
 * The data is of the build's moment. Once what a guest can touch is hydrated, the queries on screen
 * are fetched again, beside the cache: when every answer equals what the page holds, nothing is
 * re-rendered and the static parts stay server HTML; when one differs, the static parts hydrate
 * first (against the data of their HTML) and then every query refetches. Either way the others are
 * stale: those on screen by then refetch at once, the rest when a component needs them.
 */
async function refreshPrerenderedData(client: QueryClient) {
  const shadow = new QueryClient({ defaultOptions: { queries: { retry: 1, gcTime: 0 } } });
  const queries = client.getQueryCache().findAll({ type: 'active' });
  const answers = await Promise.all(
    queries.map((query) =>
      shadow
        .fetchQuery({ ...query.options, queryKey: query.queryKey, staleTime: 0 })
        .then((data) => ({ query, data }))
        .catch(() => null),
    ),
  );
  shadow.clear();
  const unchanged = answers.every(
    (answer) => answer !== null && replaceEqualDeep(answer.query.state.data, answer.data) === answer.query.state.data,
  );
  if (!unchanged) {
    releaseStaticParts();
    whenPageHydrated(() => void client.invalidateQueries());
    return;
  }
  // the answers equal the cache: writing them keeps each reference (no re-render), marks them fresh
  for (const answer of answers) if (answer) client.setQueryData(answer.query.queryKey, answer.query.state.data);
  // the rest were not compared: a part that mounted meanwhile (a lazy route) refetches its own, the
  // others refetch when a component needs them
  const compared = new Set<unknown>(queries);
  void client.invalidateQueries({ predicate: (query) => !compared.has(query) });
}
