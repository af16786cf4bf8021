import { createQueryClient } from '@/lib/query-client';
import { bookingMoneyQueries } from './payments';

type Row = Record<string, unknown>;
const answers = vi.hoisted(() => ({ payments: [] as Row[], booking_extras: [] as Row[], folios: [] as Row[] }));
const calls = vi.hoisted(() => [] as string[]);

vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (name: string) => {
      calls.push(name);
      return Promise.resolve({ data: answers.folios, error: null });
    },
    // from(table).select(...).in(...).order(...) answers the table's stub rows
    from: (table: 'payments' | 'booking_extras') => {
      calls.push(table);
      const chain = {
        select: () => chain,
        in: () => chain,
        order: () => Promise.resolve({ data: answers[table], error: null }),
      };
      return chain;
    },
  },
}));

describe("a page's money", () => {
  it("reads the page's payments, extras and folios in three calls and fills each booking's own query", async () => {
    answers.folios = [{ booking_id: 'b1' }, { booking_id: 'b2' }];
    answers.payments = [
      { booking_id: 'b1', id: 'p1' },
      { booking_id: 'b2', id: 'p2' },
      { booking_id: 'b1', id: 'p3' },
    ];
    answers.booking_extras = [{ booking_id: 'b2', id: 'e1' }];
    const client = createQueryClient();

    const money = await client.fetchQuery(bookingMoneyQueries.page(['b1', 'b2']));

    expect(calls.sort()).toEqual(['booking_extras', 'booking_folios', 'payments']);
    expect(money.b1).toEqual({ payments: [{ id: 'p1' }, { id: 'p3' }], extras: [], folio: { booking_id: 'b1' } });
    expect(money.b2).toEqual({ payments: [{ id: 'p2' }], extras: [{ id: 'e1' }], folio: { booking_id: 'b2' } });
    expect(client.getQueryData(bookingMoneyQueries.one('b2').queryKey)).toEqual(money.b2);
  });
});
