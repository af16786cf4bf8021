// The cancellation terms as the database states them (public.cancellation_terms_view), and the one
// way they become sentences: each line's catalog key looked up in private.cancellation_catalog()
// (the one place they are written, in every language), its placeholders filled with the medium's
// formatters. The site (src/lib/cancellation-terms.tsx) and the e-mails
// (supabase/functions/emails/cancellation.ts) both render through cancellationSentences. Plain
// TypeScript without Deno APIs, so the site and the tests import it too.

/** One sentence: its catalog key and the figures it names (public.cancellation_line). */
export interface CancellationLine {
  key: string | null;
  hours?: number | null;
  days?: number | null;
  /** a calendar day, 'yyyy-mm-dd' */
  date?: string | null;
  amount_cents?: number | null;
  refund_cents?: number | null;
  kept_cents?: number | null;
  paid_cents?: number | null;
}

/** The terms of the house, a quote or a booking (public.cancellation_terms_view). */
export interface CancellationTerms {
  /** 'house', 'free', 'not_free', 'non_refundable', 'unknown', 'cancelled' */
  state: string | null;
  free_until?: string | null;
  deposit_cents?: number | null;
  paid_cents?: number | null;
  /** what a cancellation today refunds and keeps; once cancelled, what was refunded and kept */
  refund_cents?: number | null;
  kept_cents?: number | null;
  /** once cancelled: 'free_cancellation', 'after_deadline', 'non_refundable', 'nothing_paid', 'partial' */
  reason?: string | null;
  lines: readonly CancellationLine[] | null;
}

/** One language's templates, by key ("Free cancellation until {date}."). */
export type CancellationCatalog = Readonly<Record<string, string>>;

/** How the medium writes a calendar day and an amount in cents. */
export interface TermsFormat {
  day(isoDay: string): string;
  cents(amountCents: number): string;
}

/** Each placeholder of a template and the line's figure it names: a day, or cents. */
const FIGURES = {
  hours: 'hours',
  days: 'days',
  date: 'date',
  amount: 'amount_cents',
  refund: 'refund_cents',
  kept: 'kept_cents',
  paid: 'paid_cents',
} as const satisfies Record<string, keyof CancellationLine>;

function placeholder(line: CancellationLine, name: string, format: TermsFormat): string | null {
  const field = FIGURES[name as keyof typeof FIGURES];
  const value = field ? line[field] : null;
  if (value == null) return null;
  if (typeof value === 'string') return format.day(value);
  return field === 'hours' || field === 'days' ? String(value) : format.cents(value);
}

/** The sentences of the terms; a line whose key or figure is missing is left out, never shown half-filled. */
export function cancellationSentences(
  terms: Pick<CancellationTerms, 'lines'> | null | undefined,
  catalog: CancellationCatalog | null | undefined,
  format: TermsFormat,
): string[] {
  if (!terms?.lines || !catalog) return [];
  return terms.lines.flatMap((line) => {
    const template = line.key ? catalog[line.key] : undefined;
    if (!template) return [];
    let complete = true;
    const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = placeholder(line, name, format);
      if (value === null) complete = false;
      return value ?? '';
    });
    return complete ? [text] : [];
  });
}

/** A refund's reason written as a code (private.owe_cancellation_refund: 'free_cancellation') in the catalog's language; null for the staff's own words. */
export function refundReasonSentence(
  reason: string | null | undefined,
  catalog: CancellationCatalog | null | undefined,
) {
  return (reason && /^[a-z_]+$/.test(reason) && catalog?.[`refund_reason_${reason}`]) || null;
}
