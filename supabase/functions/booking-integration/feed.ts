// Reading a channel's iCalendar feed (RFC 5545) into stays of one room: Europe/Rome calendar dates,
// check-out exclusive. Booking.com and Airbnb export all-day VALUE=DATE events; other channels
// send date-times (UTC or with a TZID), which are turned into the Rome date they fall on.
import ICAL from 'npm:ical.js@2';

export const MAX_FEED_EVENTS = 5000;

export interface FeedEvent {
  uid: string;
  check_in: string;
  check_out: string;
  summary: string | null;
  cancelled: boolean;
}

export class FeedError extends Error {}

const romeDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) a time falls on in Rome; floating times are taken as Rome's. */
function toRomeDate(time: ICAL.Time): string {
  const floating = time.isDate || !time.zone || time.zone.tzid === 'floating';
  if (floating) return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  return romeDate.format(time.toJSDate());
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Parses a feed's text; throws FeedError with a message fit for the run record. */
export function parseFeed(text: string): FeedEvent[] {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.toUpperCase().startsWith('BEGIN:VCALENDAR')) {
    throw new FeedError('The URL did not return an iCalendar (.ics) file');
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(trimmed));
  } catch (error) {
    throw new FeedError(`The calendar could not be read: ${(error as Error).message}`);
  }
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length > MAX_FEED_EVENTS) {
    throw new FeedError(`The calendar has ${vevents.length} events; at most ${MAX_FEED_EVENTS} are accepted`);
  }
  const events: FeedEvent[] = [];
  for (const vevent of vevents) {
    const event = new ICAL.Event(vevent);
    if (!event.uid || !event.startDate) throw new FeedError('The calendar has an event without UID or DTSTART');
    const checkIn = toRomeDate(event.startDate);
    let checkOut = event.endDate ? toRomeDate(event.endDate) : addDays(checkIn, 1);
    // an event that starts and ends on one day still takes that night
    if (checkOut <= checkIn) checkOut = addDays(checkIn, 1);
    const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
    events.push({
      uid: event.uid.slice(0, 500),
      check_in: checkIn,
      check_out: checkOut,
      summary: event.summary ? String(event.summary).slice(0, 200) : null,
      cancelled: status === 'CANCELLED',
    });
  }
  return events;
}
