import type { DocumentType } from '@/lib/checkin/GuestFieldset';
import type { ServerGuest } from '@/lib/checkin/guests';

/** What checkin_by_link answers for a stay that can be checked in (null otherwise). */
export interface CheckIn {
  reference: string;
  checkIn: string;
  checkOut: string;
  guestsExpected: number;
  editable: boolean;
  checkedIn: boolean;
  retentionDays: number;
  complete: boolean;
  missingCount: number;
  guests: ServerGuest[];
  documentTypes: DocumentType[];
}

const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);

/** checkin_by_link's jsonb, or null when the section has nothing to show. */
export function parseCheckIn(data: unknown): CheckIn | null {
  const value = record(data);
  if (!value || typeof value.reference !== 'string') return null;
  return {
    reference: value.reference,
    checkIn: String(value.check_in),
    checkOut: String(value.check_out),
    guestsExpected: Number(value.guests_expected) || 1,
    editable: value.editable === true,
    checkedIn: value.checked_in === true,
    retentionDays: Number(value.retention_days) || 30,
    complete: value.complete === true,
    missingCount: Number(value.missing_count) || 0,
    guests: Array.isArray(value.guests) ? (value.guests as ServerGuest[]) : [],
    documentTypes: Array.isArray(value.document_types) ? (value.document_types as DocumentType[]) : [],
  };
}

/** Where the section stands: checked in at the desk, done online, or details still missing. */
export function checkInState(checkIn: CheckIn): 'checked_in' | 'complete' | 'missing' {
  if (checkIn.checkedIn) return 'checked_in';
  return checkIn.complete ? 'complete' : 'missing';
}
