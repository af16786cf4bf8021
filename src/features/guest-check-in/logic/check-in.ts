import type { ServerGuest } from '@/lib/checkin/guests';
import type { Filled } from '@/lib/rpc-rows';
import type { DocumentType } from '@/lib/checkin/GuestFieldset';
import type { Database } from '@/types/database';

/**
 * What checkin_by_link and save_checkin_by_link answer for a stay that can be checked in
 * (public.guest_checkin_view, written as JSON; null otherwise). Every field is filled.
 */
export type CheckIn = Omit<
  Filled<Database['public']['CompositeTypes']['guest_checkin_view']>,
  'guests' | 'document_types'
> & { guests: ServerGuest[]; document_types: DocumentType[] };

/** Where the section stands: checked in at the desk, done online, or details still missing. */
export function checkInState(checkIn: CheckIn): 'checked_in' | 'complete' | 'missing' {
  if (checkIn.checked_in) return 'checked_in';
  return checkIn.complete ? 'complete' : 'missing';
}
