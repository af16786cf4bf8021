import { readFileSync } from 'node:fs';
import type { HouseCancellation } from '@/lib/cancellation-terms';
import type { Database } from '@/types/database';

// No value import of the site's modules: a test's vi.mock factory may import this file.

/**
 * The catalog the database serves (private.cancellation_catalog()), read from the migration that
 * writes it, so the component tests render the real sentences without copying them.
 */
function catalogFromMigration(): Record<string, Record<string, string>> {
  const sql = readFileSync('supabase/migrations/20261202010000_one_cancellation_policy.sql', 'utf8');
  const body = sql.slice(sql.indexOf('function private.cancellation_catalog()'), sql.indexOf('$function$;'));
  const catalog: Record<string, Record<string, string>> = {};
  let language = '';
  for (const line of body.split('\n')) {
    const opens = /^\s+'(en|it|fr)', jsonb_build_object\($/.exec(line);
    if (opens) language = opens[1];
    const entry = /^\s+'(\w+)', '((?:[^']|'')*)',?$/.exec(line);
    if (entry && language) (catalog[language] ??= {})[entry[1]] = entry[2].replace(/''/g, "'");
  }
  return catalog;
}

type Line = Database['public']['CompositeTypes']['cancellation_line'];

/** One line of the server's cancellation terms (public.cancellation_line): its catalog key and figures. */
export function cancellationLine(key: string, figures: Partial<Line> = {}): Line {
  return {
    key,
    hours: null,
    days: null,
    date: null,
    amount_cents: null,
    refund_cents: null,
    kept_cents: null,
    paid_cents: null,
    ...figures,
  };
}
const line = cancellationLine;

/** public.house_cancellation_terms() for a policy of `days` days. */
export function houseCancellation(days = 1): HouseCancellation {
  return {
    free_cancellation_days: days,
    terms: {
      state: 'house',
      free_until: null,
      deposit_cents: null,
      paid_cents: null,
      refund_cents: null,
      kept_cents: null,
      reason: null,
      lines: [
        days <= 0
          ? line('house_arrival')
          : days === 1
            ? line('house_hours', { hours: 24 })
            : line('house_days', { days }),
      ],
    },
    catalog: catalogFromMigration(),
  };
}
