// A stay's receipt (issue 39 §2): the receipts function answers a PDF from the folio to staff
// (booking_folio as the caller) and to the guest's private link after check-out, in the guest's
// language and in Italian; the €2 stamp duty line only when the house issues VAT-exempt receipts
// and the stay is over €77.47. The text is read back from the PDF's own content streams.
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, anonClient, newUserClient, platform, sql } from '../support';
import { admin, paidOnline, setUpFolio, staff, stay } from './folio-fixtures';

setUpFolio(6);

let saved: Record<string, unknown>;
beforeAll(async () => {
  [saved] = await sql(
    `select legal_name, legal_address, tax_code, vat_exempt_receipts from public.compliance_settings`,
  );
  await sql(`update public.compliance_settings set legal_name = 'Casa Gentile di Maria Rossi',
    legal_address = 'Via dei Serpenti 42, 00184 Roma', tax_code = 'RSSMRA80A41H501U', vat_exempt_receipts = true`);
});
afterAll(async () => {
  await sql(
    `update public.compliance_settings set legal_name = $1, legal_address = $2, tax_code = $3, vat_exempt_receipts = $4`,
    [saved.legal_name, saved.legal_address, saved.tax_code, saved.vat_exempt_receipts],
  );
});

async function receipt(token: string | null, body: Record<string, unknown>) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/receipts`, {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      'content-type': 'application/json',
      authorization: `Bearer ${token ?? platform().anonKey}`,
    },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes };
}

/** The PDF's pages and the text it draws (pdf-lib writes each text as a hex WinAnsi string). */
async function read(bytes: Uint8Array) {
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const doc = await PDFDocument.load(bytes);
  // Latin-1 and, of WinAnsi's 0x80-0x9F, the euro sign (Node's TextDecoder may lack windows-1252)
  const winAnsi = (hex: string) => Buffer.from(hex, 'hex').toString('latin1').replace(/\x80/g, '€');
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      expect(stream).toBeInstanceOf(PDFRawStream);
      const content = inflateSync((stream as PDFRawStream).contents).toString('latin1');
      for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(winAnsi(match[1]));
    }
  }
  return { pages: doc.getPageCount(), title: doc.getTitle(), text: texts.join('\n') };
}

const checkedOut = async (
  nights: number,
  cents: number,
  language = 'en',
  name = 'Folio Guest',
  status = 'checked_out',
) => {
  const booking = await stay({ from: -nights, nights, status, nightCents: Array(nights).fill(cents), guests: 1 });
  await sql(`update public.bookings set guest_language = $2, guest_name = $3 where id = $1`, [
    booking.id,
    language,
    name,
  ]);
  const [{ token }] = await sql<{ token: string }>(
    `select private.issue_booking_token(b) as token from public.bookings b where b.id = $1`,
    [booking.id],
  );
  return { ...booking, token };
};

describe('staff download a receipt', () => {
  it('a PDF of the folio, with the house, the lines, the payments and the balance; others are refused', async () => {
    const booking = await checkedOut(2, 6000);
    await paidOnline(booking.id, 3600);
    const answer = await receipt(await accessToken(staff), { booking_id: booking.id });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const pdf = await read(answer.bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe(`Receipt / Ricevuta ${booking.reference}`);
    for (const text of [
      'Casa Gentile di Maria Rossi',
      'Via dei Serpenti 42, 00184 Roma',
      'RSSMRA80A41H501U',
      'Deposit paid online / Caparra pagata online (online)',
      '€36.00',
      'Balance due / Saldo da pagare',
      '€96.00', // two nights at €60.00 and €12.00 of city tax, less the €36.00 deposit
      'Stamp duty / Imposta di bollo',
      '€2.00',
    ])
      expect(pdf.text).toContain(text);

    const { client: nobody } = await newUserClient('receipts');
    expect((await receipt(await accessToken(nobody), { booking_id: booking.id })).status).toBe(403);
    expect((await receipt(null, { booking_id: booking.id })).status).toBe(401);
    const unknown = await receipt(await accessToken(staff), { booking_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
  });
});

describe('the guest downloads it from the private link', () => {
  it('after check-out, in their language and in Italian, with a name the standard fonts cannot draw', async () => {
    const booking = await checkedOut(3, 5000, 'fr', 'Łukasz Wałęsa 🌞');
    const answer = await receipt(null, { reference: booking.reference, token: booking.token });
    expect(answer.status).toBe(200);
    const pdf = await read(answer.bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe(`Reçu / Ricevuta ${booking.reference}`);
    expect(pdf.text).toContain('Client / Ospite: Lukasz Walesa');
    // three nights at €50.00 and the city tax, nothing paid yet
    expect(pdf.text).toMatch(/Solde dû \/ Saldo da pagare\n168,00\s€/);
    expect(pdf.text).toContain('Droit de timbre / Imposta di bollo');
  });

  it('before check-out 409, a wrong token 404, no link at all 400', async () => {
    const booking = await checkedOut(1, 9000, 'en', 'Folio Guest', 'checked_in');
    const early = await receipt(null, { reference: booking.reference, token: booking.token });
    expect(early.status).toBe(409);
    expect(JSON.parse(new TextDecoder().decode(early.bytes)).code).toBe('receipt_not_ready');
    const wrong = await receipt(null, { reference: booking.reference, token: 'not-the-token-of-this-stay' });
    expect(wrong.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(wrong.bytes)).code).toBe('link_not_valid');
    expect((await receipt(null, { reference: booking.reference })).status).toBe(400);
  });

  it('a wrong link counts with the other wrong private links; nobody calls the RPC but the function', async () => {
    const booking = await checkedOut(1, 9000);
    const misses = async () =>
      Number(
        (await sql<{ n: string }>(`select count(*) n from private.rate_limit_hits where action = 'booking_link'`))[0].n,
      );
    const before = await misses();
    expect((await receipt(null, { reference: booking.reference, token: 'still-not-the-right-token' })).status).toBe(
      404,
    );
    expect(await misses()).toBe(before + 1);
    const { client: nobody } = await newUserClient('receipts');
    for (const client of [anonClient(), nobody, staff]) {
      const direct = await client.rpc('booking_receipt_by_link', {
        p_reference: booking.reference,
        p_token: booking.token,
        p_client_address: '203.0.113.9',
      });
      expect(direct.error?.code).toBe('42501');
    }
  });
});

describe("who sets the receipts' issuer", () => {
  it('staff read the legal name and tax code but do not change them; a tax code is one of the two Italian forms', async () => {
    const denied = await staff.from('compliance_settings').update({ legal_name: 'Not Staff' }).eq('id', true).select();
    expect(denied.data ?? []).toEqual([]);
    expect((await staff.from('compliance_settings').select('legal_name').single()).data?.legal_name).toBe(
      'Casa Gentile di Maria Rossi',
    );
    await expect(sql(`update public.compliance_settings set tax_code = 'not a code'`)).rejects.toThrow(
      /compliance_settings_tax_code_format/,
    );
    for (const code of ['12345678901', 'IT12345678901', 'RSSMRA80A41H501U'])
      await sql(`update public.compliance_settings set tax_code = $1`, [code]);
  });

  it('admins write them, as the Privacy screen saves them', async () => {
    const saved = await admin
      .from('compliance_settings')
      .update({ legal_name: 'Casa Gentile srl', tax_code: '12345678901', vat_exempt_receipts: false })
      .eq('id', true)
      .select('legal_name, tax_code, vat_exempt_receipts');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([
      { legal_name: 'Casa Gentile srl', tax_code: '12345678901', vat_exempt_receipts: false },
    ]);
    await sql(`update public.compliance_settings set legal_name = 'Casa Gentile di Maria Rossi',
      tax_code = 'RSSMRA80A41H501U', vat_exempt_receipts = true`);
  });
});

describe('the stamp duty line', () => {
  it('only above €77.47 and only when the house issues VAT-exempt receipts', async () => {
    const staffToken = await accessToken(staff);
    const textOf = async (id: string) => (await read((await receipt(staffToken, { booking_id: id })).bytes)).text;
    const under = await checkedOut(1, 7747, 'it');
    const over = await checkedOut(1, 7748, 'it');
    expect(await textOf(under.id)).not.toContain('Imposta di bollo');
    expect(await textOf(over.id)).toContain('Imposta di bollo');
    await sql(`update public.compliance_settings set vat_exempt_receipts = false`);
    expect(await textOf(over.id)).not.toContain('Imposta di bollo');
    await sql(`update public.compliance_settings set vat_exempt_receipts = true`);
  });
});
