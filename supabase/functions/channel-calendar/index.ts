// channel-calendar: a room's calendar for one channel, for Booking.com, Airbnb and the others to
// import.  GET /functions/v1/channel-calendar/<export token>.ics  (no sign-in, no apikey)
//   → 200 text/calendar: one all-day "Not available" event per booking, manual block and block
//     imported from another channel, today to 18 months ahead; no guest data; ETag
//   → 304 when If-None-Match matches · 404 unknown token · 405 wrong method
import { createClient } from 'npm:@supabase/supabase-js@2';
import ICAL from 'npm:ical.js@2';

interface ExportEvent {
  uid: string;
  check_in: string;
  check_out: string;
  stamp: string;
}

const UID_DOMAIN = 'colosseum-guest-house';
const TOKEN_PATH = /\/channel-calendar\/([0-9a-f]{48})\.ics$/;

const db = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
  auth: { persistSession: false, autoRefreshToken: false },
});

function calendarText(events: ExportEvent[]): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Colosseum Guest House//Channel calendar//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  for (const event of events) {
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', `${event.uid}@${UID_DOMAIN}`);
    // the row's last change, so the text (and the ETag) stays the same until something changes
    vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(event.stamp), true));
    vevent.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(event.check_in));
    vevent.addPropertyWithValue('dtend', ICAL.Time.fromDateString(event.check_out));
    vevent.addPropertyWithValue('summary', 'Not available');
    vevent.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}

async function etagOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

Deno.serve(async (request) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Use GET.');
  const token = TOKEN_PATH.exec(new URL(request.url).pathname)?.[1];
  if (!token) return plain(404, 'Calendar not found.');
  const { data, error } = await db.rpc('channel_export_events', { p_token: token });
  if (error) {
    console.error('[channel-calendar]', error.message);
    return plain(500, 'The calendar is unavailable. Please try again later.');
  }
  if (!data) return plain(404, 'Calendar not found.');
  const text = calendarText((data as { events: ExportEvent[] }).events);
  const etag = await etagOf(text);
  const headers = {
    etag,
    'cache-control': 'private, max-age=0, must-revalidate',
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': 'inline; filename="calendar.ics"',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : text, { status: 200, headers });
});
