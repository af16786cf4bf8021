import type { Tables } from '@/types/database';

/** A row of public.services as the generated types describe it; override what the test is about. */
export const serviceRow = (overrides: Partial<Tables<'services'>>): Tables<'services'> => ({
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Service',
  description: null,
  price: 10,
  category: 'general',
  duration_minutes: 0,
  available: true,
  image_url: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  translations: {},
  pricing_unit: 'per_stay',
  ...overrides,
});

/**
 * A stand-in for `publicDb.from('services')`: the rows, filtered by `.eq()` as PostgREST would,
 * answered when awaited. Records the table asked for.
 */
export function tableStub(rows: readonly Record<string, unknown>[]) {
  const asked: string[] = [];
  const from = (table: string) => {
    asked.push(table);
    let result = [...rows];
    const query = {
      select: () => query,
      eq: (column: string, value: unknown) => {
        result = result.filter((row) => row[column] === value);
        return query;
      },
      order: () => query,
      then: (resolve: (value: { data: unknown[]; error: null }) => unknown) => resolve({ data: result, error: null }),
    };
    return query;
  };
  return { from, asked };
}
