import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hydration = vi.hoisted(() => ({
  interactive: [] as Array<() => void>,
  pageHydrated: [] as Array<() => void>,
  releaseStaticParts: vi.fn(),
}));
vi.mock('./hydration', () => ({
  whenInteractive: (listener: () => void) => hydration.interactive.push(listener),
  whenPageHydrated: (listener: () => void) => hydration.pageHydrated.push(listener),
  releaseStaticParts: hydration.releaseStaticParts,
}));
const { restorePrerenderedData } = await import('./prerendered-data');

const prerendered = (rooms: unknown, reviews: unknown) =>
  ({
    mutations: [],
    queries: [
      { queryKey: ['rooms'], queryHash: '["rooms"]', state: { data: rooms } },
      { queryKey: ['reviews'], queryHash: '["reviews"]', state: { data: reviews } },
    ],
  }) as never;

describe('restorePrerenderedData', () => {
  let client: QueryClient;
  let unsubscribe: () => void;
  beforeEach(() => {
    hydration.interactive.length = 0;
    hydration.pageHydrated.length = 0;
    hydration.releaseStaticParts.mockClear();
    client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  });
  afterEach(() => {
    unsubscribe?.();
    client.clear();
  });

  /** an island on screen showing the rooms, answered by `serverRooms` */
  function showRooms(serverRooms: () => unknown) {
    const queryFn = vi.fn(async () => serverRooms());
    const observer = new QueryObserver(client, { queryKey: ['rooms'], queryFn, staleTime: 30_000 });
    unsubscribe = observer.subscribe(() => {});
    return queryFn;
  }

  it('puts the data back, and refreshes nothing before the islands are hydrated', () => {
    restorePrerenderedData(client, prerendered([{ id: 1, price: 85 }], ['good']));
    expect(client.getQueryData(['rooms'])).toEqual([{ id: 1, price: 85 }]);
    const queryFn = showRooms(() => [{ id: 1, price: 85 }]);
    expect(queryFn).not.toHaveBeenCalled();
    expect(hydration.interactive).toHaveLength(1);
  });

  it('when the answers equal the page, keeps every reference and leaves the static parts as server HTML', async () => {
    restorePrerenderedData(client, prerendered([{ id: 1, price: 85 }], ['good']));
    const before = client.getQueryData(['rooms']);
    const queryFn = showRooms(() => [{ id: 1, price: 85 }]);
    hydration.interactive[0]();
    await vi.waitFor(() => expect(client.getQueryState(['reviews'])?.isInvalidated).toBe(true));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['rooms'])).toBe(before);
    expect(client.getQueryState(['rooms'])?.isInvalidated).toBe(false);
    expect(hydration.releaseStaticParts).not.toHaveBeenCalled();
    expect(hydration.pageHydrated).toHaveLength(0);
  });

  it('when an answer differs, hydrates the static parts first, then refetches into the cache', async () => {
    restorePrerenderedData(client, prerendered([{ id: 1, price: 85 }], ['good']));
    showRooms(() => [{ id: 1, price: 86 }]);
    hydration.interactive[0]();
    await vi.waitFor(() => expect(hydration.releaseStaticParts).toHaveBeenCalledTimes(1));
    // nothing newer than the HTML is in the cache while the static parts hydrate
    expect(client.getQueryData(['rooms'])).toEqual([{ id: 1, price: 85 }]);
    expect(hydration.pageHydrated).toHaveLength(1);
    hydration.pageHydrated[0]();
    await vi.waitFor(() => expect(client.getQueryData(['rooms'])).toEqual([{ id: 1, price: 86 }]));
  });

  it('refetches a query whose part mounted while the answers were compared (a lazy route), even when they equal the page', async () => {
    restorePrerenderedData(client, prerendered([{ id: 1, price: 85 }], ['good']));
    let answerRooms: () => void = () => {};
    const queryFn = vi.fn(
      () => new Promise<unknown>((resolve) => (answerRooms = () => resolve([{ id: 1, price: 85 }]))),
    );
    unsubscribe = new QueryObserver(client, { queryKey: ['rooms'], queryFn, staleTime: 30_000 }).subscribe(() => {});
    hydration.interactive[0]();
    // the page's reviews appear on screen before the rooms' answer is in; the server has newer ones
    const reviewsFn = vi.fn(async () => ['good', 'great']);
    const stopReviews = new QueryObserver(client, {
      queryKey: ['reviews'],
      queryFn: reviewsFn,
      staleTime: 30_000,
    }).subscribe(() => {});
    expect(reviewsFn).not.toHaveBeenCalled();
    answerRooms();
    await vi.waitFor(() => expect(client.getQueryData(['reviews'])).toEqual(['good', 'great']));
    expect(hydration.releaseStaticParts).not.toHaveBeenCalled();
    stopReviews();
  });
});
