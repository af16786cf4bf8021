// Issue 40 §5: under load the Bookings card kept its old badge after a stored status change. The
// race, reproduced on the query cache: a search's first fetch starts (the screen still shows the
// previous rows), the write commits, the refresh runs while that fetch is in flight. Without
// cancelling it first, the refresh joins the old fetch and its stale answer is kept as fresh.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './row-mutations';

function slowTable() {
  let stored = 'pending';
  const releases: (() => void)[] = [];
  return {
    write: (status: string) => {
      stored = status;
    },
    /** a read that sees the row when it starts, answering only once released (a slow server) */
    read: () => {
      const seen = stored;
      return new Promise<string>((resolve) => releases.push(() => resolve(seen)));
    },
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

async function raceOnce(refresh: (client: QueryClient) => Promise<void>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const table = slowTable();
  const key = ['bookings', 'list', { search: 'Yuki' }];
  // the mounted list: its observer starts the key's first read at once
  const unsubscribe = new QueryObserver(client, { queryKey: key, queryFn: table.read }).subscribe(() => {});
  table.write('confirmed'); // the status is stored while the search's first read is on its way
  const refreshed = refresh(client);
  // the server answers every read in flight (the old one too, late)
  for (let i = 0; i < 5; i++) {
    await Promise.resolve();
    table.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await refreshed;
  unsubscribe();
  return client.getQueryData<string>(key);
}

describe('refreshAfterWrite', () => {
  it('invalidating alone keeps the answer of the read that started before the write (the bug)', async () => {
    expect(await raceOnce((client) => client.invalidateQueries({ queryKey: ['bookings', 'list'] }))).toBe('pending');
  });

  it('cancels the read in flight, so the refresh shows the stored change', async () => {
    expect(await raceOnce((client) => refreshAfterWrite(client, ['bookings', 'list']))).toBe('confirmed');
  });
});
