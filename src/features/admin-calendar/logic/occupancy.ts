import { t } from '@lingui/core/macro';
import { addDaysISO, daysBetweenISO } from '@/lib/dates';
import type { Database } from '@/types/database';

export type OccupancyItem = Database['public']['Functions']['room_occupancy']['Returns'][number];

export const VISIBLE_DAYS = 14;

/** The channels' own names, the same in every language. */
const CHANNEL_BRANDS: Record<string, string> = {
  booking: 'Booking.com',
  expedia: 'Expedia',
  hotels: 'Hotels.com',
  airbnb: 'Airbnb',
};

/** Where an item comes from, in the portal's language ("Direct booking", "Booking.com"). */
function channelName(source: string): string | undefined {
  if (source === 'direct') return t`Direct booking`;
  if (source === 'manual') return t`Manual block`;
  return CHANNEL_BRANDS[source];
}

function manualReason(reason: string): string {
  if (reason === 'maintenance') return t`Maintenance`;
  if (reason === 'owner_stay') return t`Owner stay`;
  if (reason === 'other') return t`Other`;
  return reason;
}

/** A booking's status as the bar's title says it ("checked in"). */
function bookingStatusWord(status: string): string {
  if (status === 'pending') return t`pending`;
  if (status === 'confirmed') return t`confirmed`;
  if (status === 'checked_in') return t`checked in`;
  if (status === 'checked_out') return t`checked out`;
  if (status === 'cancelled') return t`cancelled`;
  return status.replace('_', ' ');
}

/** The Monday of the week `date` (yyyy-mm-dd) falls in. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDaysISO(date, -((weekday + 6) % 7));
}

export function visibleDays(start: string, count = VISIBLE_DAYS): string[] {
  return Array.from({ length: count }, (_, index) => addDaysISO(start, index));
}

export interface PlacedItem {
  item: OccupancyItem;
  /** 1-based grid column of the first visible night */
  column: number;
  span: number;
  /** 1-based lane, so overlapping items (a conflict over a stay) sit on separate lines */
  lane: number;
}

/** One room's items placed on the visible nights [start, start + days), each on the first free lane. */
export function placeItems(items: OccupancyItem[], start: string, days = VISIBLE_DAYS): PlacedItem[] {
  const laneEnds: number[] = [];
  return [...items]
    .sort((a, b) => a.check_in_date.localeCompare(b.check_in_date) || a.id.localeCompare(b.id))
    .flatMap((item) => {
      const first = Math.max(0, daysBetweenISO(start, item.check_in_date));
      const end = Math.min(days, daysBetweenISO(start, item.check_out_date));
      if (end <= first) return [];
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= first);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = end;
      return [{ item, column: first + 1, span: end - first, lane: lane + 1 }];
    });
}

// Every bar's text keeps WCAG AA contrast (4.5:1 at 12 px) against its colour.
const CONFLICT_TONE = 'bg-red-700 text-white ring-2 ring-red-300';
const MANUAL_TONE = 'bg-stone-600 text-white';
const CHANNEL_TONES: Record<string, string> = {
  booking: 'bg-blue-700 text-white',
  expedia: 'bg-yellow-400 text-black',
  hotels: 'bg-rose-700 text-white',
  airbnb: 'bg-pink-700 text-white',
};
const OTHER_CHANNEL_TONE = 'bg-slate-600 text-white';
const BOOKING_TONES: Record<string, string> = {
  pending: 'bg-amber-200 text-amber-950',
  confirmed: 'bg-emerald-700 text-white',
  checked_in: 'bg-sky-800 text-white',
  checked_out: 'bg-slate-300 text-slate-900',
  cancelled: 'bg-slate-100 text-slate-700 line-through',
};
const OTHER_BOOKING_TONE = 'bg-slate-400 text-slate-950';

/** Colour of an item: bookings by status, channels by platform, manual blocks grey, conflicts red. */
export function itemTone(item: OccupancyItem): string {
  if (item.kind === 'external' && item.status === 'conflict') return CONFLICT_TONE;
  if (item.kind === 'manual') return MANUAL_TONE;
  if (item.kind === 'external') return CHANNEL_TONES[item.source] ?? OTHER_CHANNEL_TONE;
  return BOOKING_TONES[item.status] ?? OTHER_BOOKING_TONE;
}

/** The legend under the calendar, in the portal's language: one swatch per colour a bar can have. */
export function calendarLegend(): { group: string; entries: { label: string; tone: string }[] }[] {
  return [
    {
      group: t`Direct bookings`,
      entries: [
        { label: t`Pending`, tone: BOOKING_TONES.pending },
        { label: t`Confirmed`, tone: BOOKING_TONES.confirmed },
        { label: t`Checked in`, tone: BOOKING_TONES.checked_in },
        { label: t`Checked out`, tone: BOOKING_TONES.checked_out },
        { label: t`Cancelled`, tone: BOOKING_TONES.cancelled },
      ],
    },
    {
      group: t`Channels`,
      entries: Object.entries(CHANNEL_TONES).map(([source, tone]) => ({ label: channelName(source) ?? source, tone })),
    },
    {
      group: t`Other`,
      entries: [
        { label: t`Manual block`, tone: MANUAL_TONE },
        { label: t`Conflict`, tone: CONFLICT_TONE },
      ],
    },
  ];
}

export function itemSourceName(item: OccupancyItem): string {
  return channelName(item.source) ?? item.source;
}

/** The bar's text and its hover title: where it comes from, what it is, and its dates. */
export function itemLabel(item: OccupancyItem): { text: string; title: string } {
  const dates = `${item.check_in_date} → ${item.check_out_date}`;
  if (item.kind === 'manual') {
    const reason = manualReason(item.status);
    const label = item.label ? ` · ${item.label}` : '';
    return { text: reason, title: `${t`Manual block`} · ${reason}${label} · ${dates}` };
  }
  if (item.kind === 'external') {
    const conflict = item.status === 'conflict' ? `${t`CONFLICT`} · ` : '';
    const source = itemSourceName(item);
    return {
      text: `${conflict}${source}`,
      title: `${conflict}${t`${source} calendar`} · ${item.label} · ${dates}`,
    };
  }
  const status = bookingStatusWord(item.status);
  return { text: item.label, title: `${t`Direct booking`} · ${item.label} · ${status} · ${dates}` };
}
