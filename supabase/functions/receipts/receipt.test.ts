// The receipt's rows (receipt.ts): labels in the guest's language and in Italian, amounts in the
// language, WinAnsi only, and the €2 stamp duty line only above €77.47 on VAT-exempt receipts.
import { describe, expect, it } from 'vitest';
import { formatCents, receiptRows, stampDutyApplies, winAnsi, type ReceiptData } from './receipt';

const data = (over: Partial<ReceiptData> = {}, charged = 20000, vatExempt = true): ReceiptData => ({
  reference: 'CG-TEST01',
  guest_name: 'Anna Rossi',
  check_in: '2026-12-01',
  check_out: '2026-12-03',
  language: 'en',
  lines: [
    {
      kind: 'night',
      side: 'charge',
      description: null,
      night: '2026-12-01',
      quantity: 1,
      unit_price_cents: 10000,
      amount_cents: 10000,
      method: null,
      correction: false,
    },
    {
      kind: 'night',
      side: 'charge',
      description: null,
      night: '2026-12-02',
      quantity: 1,
      unit_price_cents: 10000,
      amount_cents: 10000,
      method: null,
      correction: false,
    },
    {
      kind: 'deposit',
      side: 'payment',
      description: null,
      night: null,
      quantity: null,
      unit_price_cents: null,
      amount_cents: -6000,
      method: 'stripe',
      correction: false,
    },
  ],
  totals: {
    charged_cents: charged,
    paid_cents: 6000,
    refunded_cents: 0,
    balance_cents: charged - 6000,
    city_tax_due_cents: 0,
  },
  issuer: {
    legal_name: 'Casa Gentile',
    legal_address: 'Via dei Serpenti 42, Roma',
    tax_code: '12345678901',
    cin: 'IT058091C2ABCDEFGH',
    vat_exempt_receipts: vatExempt,
  },
  ...over,
});

describe('receiptRows', () => {
  it('writes English with Italian beside it, French likewise, and Italian alone for an Italian guest', () => {
    const en = receiptRows(data(), '2026-12-03').map((row) => [row.text, row.amount ?? '']);
    expect(en[0][0]).toBe('Receipt / Ricevuta CG-TEST01');
    expect(en).toContainEqual(['Night of / Notte del 1 December 2026', '€100.00']);
    expect(en).toContainEqual(['Deposit paid online / Caparra pagata online (online)', '€60.00']);
    expect(en).toContainEqual(['Balance due / Saldo da pagare', '€140.00']);
    const fr = receiptRows(data({ language: 'fr' }), '2026-12-03');
    expect(fr).toContainEqual({ text: 'Solde dû / Saldo da pagare', amount: '140,00 €', style: 'total' });
    const it = receiptRows(data({ language: 'it' }), '2026-12-03').map((row) => row.text);
    expect(it).toContain('Saldo da pagare');
    expect(it).toContain('Codice fiscale / P. IVA: 12345678901');
  });

  it('says paid in full when nothing is owed', () => {
    const settled = data();
    settled.totals = { ...settled.totals, paid_cents: 20000, balance_cents: 0 };
    expect(receiptRows(settled, '2026-12-03').map((row) => row.text)).toContain('Paid in full / Saldato');
  });
});

describe('the stamp duty', () => {
  it('is due above €77.47 (the city tax aside) and only on VAT-exempt receipts', () => {
    expect(stampDutyApplies(data({}, 7747))).toBe(false);
    expect(stampDutyApplies(data({}, 7748))).toBe(true);
    expect(stampDutyApplies(data({}, 7748, false))).toBe(false);
    const withTax = data({}, 8000);
    withTax.totals.city_tax_due_cents = 600;
    expect(stampDutyApplies(withTax)).toBe(false);
    expect(receiptRows(data({}, 7748), '2026-12-03')).toContainEqual({
      text: 'Stamp duty / Imposta di bollo',
      amount: '€2.00',
      style: 'small',
    });
  });
});

describe('WinAnsi only', () => {
  it('keeps what the standard fonts draw, drops accents they lack and leaves out the rest', () => {
    expect(winAnsi('Łukasz Wałęsa 🌞')).toBe('Lukasz Walesa');
    expect(winAnsi('Renée Müller – “Žižek” €')).toBe('Renée Müller – “Žižek” €');
    expect(winAnsi('Čapek 山田')).toBe('Capek');
    expect(formatCents(123450, 'fr')).toBe('1 234,50 €');
    expect(formatCents(123450, 'it')).toBe('1234,50 €');
  });
});
