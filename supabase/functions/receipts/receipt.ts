// What a stay's receipt says, line by line, from its folio: pure (no Deno, no PDF), so that the
// function draws these rows and a test reads them. Labels in the guest's language and in Italian
// (Italian alone for an Italian guest); amounts from the folio's cents, formatted in the guest's
// language; every text reduced to WinAnsi, the only characters the PDF's standard fonts carry.

export type Language = 'en' | 'it' | 'fr';

export interface ReceiptLine {
  kind: string;
  side: string;
  description: string | null;
  night: string | null;
  quantity: number | null;
  unit_price_cents: number | null;
  amount_cents: number;
  method: string | null;
  correction: boolean | null;
}

export interface ReceiptData {
  reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  language: string;
  lines: ReceiptLine[];
  totals: {
    charged_cents: number;
    paid_cents: number;
    refunded_cents: number;
    balance_cents: number;
    city_tax_due_cents: number;
  };
  issuer: {
    legal_name: string | null;
    legal_address: string | null;
    tax_code: string | null;
    cin: string | null;
    vat_exempt_receipts: boolean;
  };
}

export interface ReceiptRow {
  text: string;
  amount?: string;
  style?: 'title' | 'heading' | 'total' | 'small';
}

/** Above this total (in cents, city tax aside) a VAT-exempt receipt carries the €2 stamp duty. */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;

const LABELS = {
  en: {
    title: 'Receipt',
    issuer: 'Issued by',
    taxCode: 'Tax code / VAT no.',
    booking: 'Booking',
    guest: 'Guest',
    stay: 'Stay',
    issued: 'Issued on',
    charges: 'Charges',
    payments: 'Payments and refunds',
    night: 'Night of',
    nights: 'Nights',
    discount: 'Discount',
    extra: 'Extra',
    city_tax: 'City tax',
    kept: 'Kept on cancellation',
    deposit: 'Deposit paid online',
    balance: 'Paid at the house',
    city_tax_paid: 'City tax paid',
    refund: 'Refund',
    correction: 'Correction',
    total: 'Total',
    paid: 'Total paid',
    refunded: 'Refunded',
    due: 'Balance due',
    settled: 'Paid in full',
    stamp: 'Stamp duty',
    method: { stripe: 'online', cash: 'cash', card: 'card', bank_transfer: 'bank transfer', folio: 'folio' },
  },
  it: {
    title: 'Ricevuta',
    issuer: 'Emessa da',
    taxCode: 'Codice fiscale / P. IVA',
    booking: 'Prenotazione',
    guest: 'Ospite',
    stay: 'Soggiorno',
    issued: 'Emessa il',
    charges: 'Addebiti',
    payments: 'Pagamenti e rimborsi',
    night: 'Notte del',
    nights: 'Notti',
    discount: 'Sconto',
    extra: 'Servizio extra',
    city_tax: 'Contributo di soggiorno',
    kept: 'Trattenuto per la cancellazione',
    deposit: 'Caparra pagata online',
    balance: 'Pagato in struttura',
    city_tax_paid: 'Contributo di soggiorno pagato',
    refund: 'Rimborso',
    correction: 'Rettifica',
    total: 'Totale',
    paid: 'Totale pagato',
    refunded: 'Rimborsato',
    due: 'Saldo da pagare',
    settled: 'Saldato',
    stamp: 'Imposta di bollo',
    method: { stripe: 'online', cash: 'contanti', card: 'carta', bank_transfer: 'bonifico', folio: 'conto' },
  },
  fr: {
    title: 'Reçu',
    issuer: 'Émis par',
    taxCode: 'Code fiscal / N° de TVA',
    booking: 'Réservation',
    guest: 'Client',
    stay: 'Séjour',
    issued: 'Émis le',
    charges: 'Prestations',
    payments: 'Règlements et remboursements',
    night: 'Nuit du',
    nights: 'Nuits',
    discount: 'Remise',
    extra: 'Supplément',
    city_tax: 'Taxe de séjour',
    kept: "Retenu à l'annulation",
    deposit: 'Acompte réglé en ligne',
    balance: 'Réglé sur place',
    city_tax_paid: 'Taxe de séjour réglée',
    refund: 'Remboursement',
    correction: 'Correction',
    total: 'Total',
    paid: 'Total réglé',
    refunded: 'Remboursé',
    due: 'Solde dû',
    settled: 'Réglé intégralement',
    stamp: 'Droit de timbre',
    method: { stripe: 'en ligne', cash: 'espèces', card: 'carte', bank_transfer: 'virement', folio: 'compte' },
  },
} as const;

type Key = Exclude<keyof (typeof LABELS)['en'], 'method'>;

const LOCALES: Record<Language, string> = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR' };

export function receiptLanguage(value: string | null | undefined): Language {
  return value === 'it' || value === 'fr' ? value : 'en';
}

// WinAnsi (Windows-1252) beyond Latin-1: the characters of 0x80-0x9F
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ŋ: 'n', ħ: 'h', '\u2212': '-' };

function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** `text` with only what the standard fonts can draw: accents dropped where the letter is not there, the rest left out. */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/[\u00a0\u202f\u2007\t\r\n]/g, ' ')) {
    if (inWinAnsi(char)) out += char;
    else if (REPLACEMENTS[char]) out += REPLACEMENTS[char];
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base && base !== char && [...base].every(inWinAnsi)) out += base;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Cents as euros in the language: €1,234.50, 1.234,50 €, 1 234,50 €. */
export function formatCents(cents: number, language: Language): string {
  return winAnsi(new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(cents / 100));
}

export function formatDate(isoDate: string, language: Language): string {
  return winAnsi(
    new Intl.DateTimeFormat(LOCALES[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)),
  );
}

/** The house issues VAT-exempt receipts and the stay's charges (the city tax aside) are over €77.47. */
export function stampDutyApplies(data: ReceiptData): boolean {
  return (
    data.issuer.vat_exempt_receipts &&
    data.totals.charged_cents - data.totals.city_tax_due_cents > STAMP_DUTY_THRESHOLD_CENTS
  );
}

/** The rows of the receipt, top to bottom, as the PDF draws them; `today` is the issue date (YYYY-MM-DD). */
export function receiptRows(data: ReceiptData, today: string): ReceiptRow[] {
  const language = receiptLanguage(data.language);
  const label = (key: Key) => (language === 'it' ? LABELS.it[key] : `${LABELS[language][key]} / ${LABELS.it[key]}`);
  const money = (cents: number) => formatCents(cents, language);
  const date = (iso: string) => formatDate(iso, language);
  const method = (value: string | null) => {
    const names = LABELS[language].method as Record<string, string>;
    return value && names[value] ? ` (${names[value]})` : '';
  };
  const { issuer, totals } = data;
  const rows: ReceiptRow[] = [{ text: `${label('title')} ${data.reference}`, style: 'title' }];
  if (issuer.legal_name) rows.push({ text: `${label('issuer')}: ${issuer.legal_name}` });
  if (issuer.legal_address) rows.push({ text: issuer.legal_address });
  if (issuer.tax_code) rows.push({ text: `${label('taxCode')}: ${issuer.tax_code}` });
  if (issuer.cin) rows.push({ text: `CIN: ${issuer.cin}` });
  rows.push(
    { text: `${label('booking')}: ${data.reference}` },
    { text: `${label('guest')}: ${data.guest_name}` },
    { text: `${label('stay')}: ${date(data.check_in)} - ${date(data.check_out)}` },
    { text: `${label('issued')}: ${date(today)}` },
    { text: label('charges'), style: 'heading' },
  );
  const payments: ReceiptRow[] = [];
  for (const line of data.lines) {
    const correction = line.correction ? ` - ${label('correction')}` : '';
    if (line.side === 'charge') {
      let text: string;
      if (line.kind === 'night')
        text = line.night ? `${label('night')} ${date(line.night)}` : `${label('nights')}: ${line.quantity ?? ''}`;
      else if (line.kind === 'extra')
        text = line.description ? `${line.description} x ${line.quantity ?? 1}` : label('extra');
      else if (line.kind === 'discount' || line.kind === 'city_tax' || line.kind === 'kept') text = label(line.kind);
      else text = label('extra');
      rows.push({ text: text + correction, amount: money(line.amount_cents) });
    } else {
      const key: Key =
        line.kind === 'deposit' || line.kind === 'balance' || line.kind === 'city_tax_paid' || line.kind === 'refund'
          ? line.kind
          : 'correction';
      // a payment lowers the balance (negative); the receipt shows what was paid or refunded
      payments.push({
        text: label(key) + method(line.method) + correction,
        amount: money(Math.abs(line.amount_cents)),
      });
    }
  }
  rows.push({ text: label('total'), amount: money(totals.charged_cents), style: 'total' });
  if (payments.length > 0) rows.push({ text: label('payments'), style: 'heading' }, ...payments);
  rows.push({ text: label('paid'), amount: money(totals.paid_cents), style: 'total' });
  if (totals.refunded_cents > 0)
    rows.push({ text: label('refunded'), amount: money(totals.refunded_cents), style: 'total' });
  rows.push(
    totals.balance_cents > 0
      ? { text: label('due'), amount: money(totals.balance_cents), style: 'total' }
      : { text: label('settled'), style: 'total' },
  );
  if (stampDutyApplies(data)) rows.push({ text: label('stamp'), amount: money(STAMP_DUTY_CENTS), style: 'small' });
  return rows.map((row) => ({ ...row, text: winAnsi(row.text) }));
}
