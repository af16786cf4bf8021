// receipts: a stay's receipt as a PDF (pdf-lib, the standard fonts), from its folio, in the guest's
// language and in Italian (receipt.ts writes the rows).
//   POST {booking_id} with a staff JWT: reads booking_folio as the caller, so the database decides
//        who may (401 signed out, 403 not staff, 404 unknown stay)
//   POST {reference, token} (the anon key): the guest's private link, after check-out only
//        (public.booking_receipt_by_link: 409 receipt_not_ready before; 404 link_not_valid, counted
//        with every wrong private link of the address; 429 too_many_attempts)
//   → 200 application/pdf
import { PDFDocument, StandardFonts, rgb } from 'npm:pdf-lib@1.17.1';
import { z } from 'npm:zod@4';
import { bearerToken, callerClient, env, serviceClient } from '../_shared/clients.ts';
import { clientAddress, corsHeaders, errorResponse, jsonResponse } from '../_shared/cors.ts';
import { type DbError, refusalResponse } from '../_shared/refusal.ts';
import { readInput, servePost } from '../_shared/serve.ts';
import { type ReceiptData, receiptLanguage, receiptRows } from './receipt.ts';

const requestSchema = z.union([
  z.object({ booking_id: z.uuid() }),
  z.object({ reference: z.string().min(1).max(20), token: z.string().min(10).max(200) }),
]);

function refusal(error: DbError): Response {
  if (error.code === '42501') return jsonResponse({ error: error.message, code: 'forbidden' }, 403);
  return refusalResponse(error, 'booking_not_found');
}

async function staffReceipt(token: string, bookingId: string): Promise<ReceiptData | Response> {
  const db = callerClient(token);
  const { data: user } = await db.auth.getUser(token);
  if (!user.user) return errorResponse('Sign in as staff to download a receipt.', 401);
  const { data: folio, error } = await db.rpc('booking_folio', { p_booking_id: bookingId });
  if (error) return refusal(error);
  const [{ data: booking, error: bookingError }, { data: issuer, error: issuerError }] = await Promise.all([
    db.from('bookings').select('guest_language').eq('id', bookingId).single(),
    db
      .from('compliance_settings')
      .select('legal_name, legal_address, tax_code, cin, vat_exempt_receipts')
      .eq('id', true)
      .single(),
  ]);
  if (bookingError) throw new Error(bookingError.message);
  if (issuerError) throw new Error(issuerError.message);
  return {
    reference: folio.reference,
    guest_name: folio.guest_name,
    check_in: folio.check_in,
    check_out: folio.check_out,
    language: booking.guest_language,
    lines: folio.lines,
    totals: folio.totals,
    issuer,
  } as ReceiptData;
}

async function guestReceipt(request: Request, reference: string, token: string): Promise<ReceiptData | Response> {
  const address = clientAddress(request);
  if (!address) return errorResponse("The caller's address is unknown", 400);
  const { data, error } = await serviceClient().rpc('booking_receipt_by_link', {
    p_reference: reference,
    p_token: token,
    p_client_address: address,
  });
  if (error) return refusal(error);
  if ('refused' in data) return jsonResponse({ error: data.message, code: data.refused }, 404);
  return data as ReceiptData;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 }; // A4, in points
const SIZES = { title: 18, heading: 12, total: 11, small: 9 } as const;

async function pdf(data: ReceiptData): Promise<Uint8Array<ArrayBuffer>> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const rows = receiptRows(data, today);
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(rows[0].text);
  doc.setSubject(data.reference);
  doc.setLanguage(receiptLanguage(data.language));
  doc.setProducer('pdf-lib');
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  for (const row of rows) {
    const size = row.style ? SIZES[row.style] : 10;
    const font = row.style === 'title' || row.style === 'heading' || row.style === 'total' ? bold : regular;
    const gap = row.style === 'heading' || row.style === 'title' ? size + 10 : size + 6;
    if (y - gap < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    y -= gap;
    const amountWidth = row.amount ? font.widthOfTextAtSize(row.amount, size) : 0;
    const room = PAGE.width - 2 * PAGE.margin - amountWidth - 12;
    let text = row.text;
    while (text.length > 1 && font.widthOfTextAtSize(text, size) > room) text = text.slice(0, -2) + '…';
    page.drawText(text, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    if (row.amount) page.drawText(row.amount, { x: PAGE.width - PAGE.margin - amountWidth, y, size, font });
  }
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

servePost('receipts', 'The receipt could not be made. Please try again.', async (request) => {
  const input = await readInput(request, 2_000, requestSchema);
  let data: ReceiptData | Response;
  if ('booking_id' in input) {
    const token = bearerToken(request);
    if (!token || token === env('SUPABASE_ANON_KEY'))
      return errorResponse('Sign in as staff to download a receipt.', 401);
    data = await staffReceipt(token, input.booking_id);
  } else {
    data = await guestReceipt(request, input.reference, input.token);
  }
  if (data instanceof Response) return data;
  return new Response(await pdf(data), {
    status: 200,
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${data.reference}.pdf"`,
      'Cache-Control': 'no-store',
    },
  });
});
