import { describe, expect, it } from 'vitest';
import { checkOutPlan, extraSchema, propertyPaymentSchema, refundSchema, type Folio } from './payments';

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

describe('an extra added during the stay', () => {
  it('takes a name, a whole quantity and a unit price of at most €10,000.00, never more', () => {
    const parse = (unit: string, quantity = '1') =>
      extraSchema.safeParse({ description: 'Airport transfer', quantity, unit_price_cents: unit });
    expect(parse('55').data).toEqual({ description: 'Airport transfer', quantity: 1, unit_price_cents: 5500 });
    expect(parse('10000').success).toBe(true);
    expect(parse('1000000').error?.issues[0].message).toBe('Enter an amount in euros, e.g. 120 or 120.50.');
    expect(parse('10000.01').error?.issues[0].message).toBe('At most €10,000.00.');
    expect(parse('10', '101').error?.issues[0].message).toBe('At most 100.');
  });
});

describe('what check-out asks', () => {
  const folio = (balance: number, checkIn: string, checkOut: string, rate = 'flexible') =>
    ({
      check_in: checkIn,
      check_out: checkOut,
      rate_plan: rate,
      totals: { balance_cents: balance, stay_balance_cents: balance - 1200, city_tax_open_cents: 1200 },
    }) as unknown as Folio;

  it('asks to settle when money is open, and which nights when the guest leaves early', () => {
    expect(checkOutPlan(folio(0, '2027-05-01', '2027-05-04'), '2027-05-04')).toMatchObject({
      open: false,
      early: false,
    });
    expect(checkOutPlan(folio(5000, '2027-05-01', '2027-05-05'), '2027-05-03')).toMatchObject({
      open: true,
      stayBalance: 3800,
      cityTaxOpen: 1200,
      early: true,
      nightsStayed: 2,
      nightsBooked: 4,
      defaultNights: 'stayed',
    });
    expect(checkOutPlan(folio(5000, '2027-05-01', '2027-05-05', 'non_refundable'), '2027-05-02').defaultNights).toBe(
      'booked',
    );
    // on the day of arrival the stay still counts its first night
    expect(checkOutPlan(folio(0, '2027-05-01', '2027-05-05'), '2027-05-01')).toMatchObject({
      early: true,
      nightsStayed: 1,
    });
    expect(checkOutPlan(folio(0, '2027-05-01', '2027-05-02'), '2027-05-01')).toMatchObject({ early: false });
  });
});
