import { useLingui } from '@lingui/react/macro';
import type { BoardStay } from '../logic/board';

export type StatusKey = 'pending' | 'confirmed' | 'checked_in' | 'checked_out' | 'channel' | 'conflict' | 'block';

/** A bar's colour: a booking's status, a channel's reservation, a double booking, a manual block. */
export const STATUS_CLASSES: Record<StatusKey, string> = {
  pending: 'bg-amber-100 text-amber-950 border-dashed',
  confirmed: 'bg-sky-100 text-sky-950',
  checked_in: 'bg-emerald-100 text-emerald-950',
  checked_out: 'bg-slate-100 text-slate-700',
  channel: 'bg-violet-100 text-violet-950',
  conflict: 'bg-red-100 text-red-950',
  block: 'bg-stone-200 text-stone-800',
};

/** A bar's left edge: where the stay came from. */
export const SOURCE_CLASSES: Record<string, string> = {
  website: 'border-l-sky-600',
  phone: 'border-l-orange-500',
  email: 'border-l-teal-600',
  walk_in: 'border-l-lime-600',
  booking_com: 'border-l-blue-800',
  expedia: 'border-l-yellow-500',
  airbnb: 'border-l-rose-500',
  other: 'border-l-slate-500',
  manual: 'border-l-stone-500',
};

export function useBoardLabels() {
  const { t } = useLingui();
  const statusNames: Record<StatusKey, string> = {
    pending: t`Pending`,
    confirmed: t`Confirmed`,
    checked_in: t`Checked in`,
    checked_out: t`Checked out`,
    channel: t`Channel reservation`,
    conflict: t`Double booking`,
    block: t`Blocked`,
  };
  const blockReasons: Record<string, string> = {
    maintenance: t`Maintenance`,
    owner_stay: t`Owner stay`,
    other: t`Blocked`,
  };
  const sources: Record<string, string> = {
    website: t`Website`,
    phone: t`Phone`,
    email: t`E-mail`,
    walk_in: t`Walk-in`,
    booking_com: 'Booking.com',
    expedia: 'Expedia',
    airbnb: 'Airbnb',
    other: t`Other`,
    manual: t`Manual block`,
  };
  const short: Record<string, string> = {
    website: t`web`,
    phone: t`phone`,
    email: t`e-mail`,
    walk_in: t`walk-in`,
    booking_com: 'B.com',
    expedia: 'Exp',
    airbnb: 'Abnb',
    other: '',
    manual: '',
  };
  const roomStatuses: Record<string, string> = {
    maintenance: t`Maintenance`,
    out_of_order: t`Out of order`,
  };

  function statusKey(stay: BoardStay): StatusKey {
    if (stay.kind === 'manual') return 'block';
    if (stay.kind === 'external') return stay.status === 'conflict' ? 'conflict' : 'channel';
    return (
      (['pending', 'confirmed', 'checked_in', 'checked_out'] as const).find((s) => s === stay.status) ?? 'confirmed'
    );
  }

  return {
    statusKey,
    statusName: (key: StatusKey) => statusNames[key],
    status: (stay: BoardStay) =>
      stay.kind === 'manual' ? (blockReasons[stay.status] ?? statusNames.block) : statusNames[statusKey(stay)],
    source: (source: string) => sources[source] ?? source,
    sourceShort: (source: string) => short[source] ?? '',
    roomStatus: (status: string) => roomStatuses[status] ?? status,
  };
}
