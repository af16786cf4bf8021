import { describe, expect, it } from 'vitest';
import { propertyPaymentSchema, refundableCents, refundSchema, type PaymentRow } from './payments';

const row = (kind: PaymentRow['kind'], amount_cents: number, extra: Partial<PaymentRow> = {}): PaymentRow => ({
  id: `${kind}-${amount_cents}`,
  kind,
  amount_cents,
  currency: 'eur',
  method: kind === 'charge' || kind === 'refund' ? 'stripe' : 'cash',
  status: 'succeeded',
  provider_session_id: null,
  provider_payment_intent_id: null,
  provider_refund_id: null,
  reason: null,
  actor: 'staff',
  created_at: '2026-03-01T00:00:00Z',
  ...extra,
});

describe('the refundable amount', () => {
  it('is what was paid online less its refunds; money paid at the house and failed charges do not count', () => {
    expect(refundableCents([])).toBe(0);
    expect(
      refundableCents([
        row('charge', 13500),
        row('charge', 9000, { status: 'failed' }),
        row('balance', 31500),
        row('city_tax', 1200),
        row('refund', 3500),
      ]),
    ).toBe(10000);
    expect(refundableCents([row('charge', 5000), row('refund', 5000)])).toBe(0);
  });
});

describe('amounts typed in euros', () => {
  it('become integer cents with a dot or a comma, and are refused when empty, zero or malformed', () => {
    const parse = (amount: string) => propertyPaymentSchema.safeParse({ amount_cents: amount, method: 'cash' });
    expect(parse('120').data?.amount_cents).toBe(12000);
    expect(parse(' 0,10 ').data?.amount_cents).toBe(10);
    expect(parse('19.99').data?.amount_cents).toBe(1999);
    for (const bad of ['', '0', '0.00', '1.999', '-5', '12e3', '€12']) expect(parse(bad).success).toBe(false);
  });

  it('a refund is at most the refundable amount and needs a reason', () => {
    const schema = refundSchema(10000);
    expect(schema.safeParse({ amount_cents: '100', reason: 'Early departure' }).data).toEqual({
      amount_cents: 10000,
      reason: 'Early departure',
    });
    expect(schema.safeParse({ amount_cents: '100.01', reason: 'x' }).success).toBe(false);
    expect(schema.safeParse({ amount_cents: '10', reason: '   ' }).success).toBe(false);
    expect(schema.safeParse({ amount_cents: '10', reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
