import { useLingui } from '@lingui/react/macro';
import type { BookingStatus } from '../types';

/** The statuses' names in the portal's language (BOOKING_STATUS_LABELS is their English). */
export function useBookingStatusLabels(): Record<BookingStatus, string> {
  const { t } = useLingui();
  return {
    pending: t`Pending`,
    confirmed: t`Confirmed`,
    checked_in: t`Checked In`,
    checked_out: t`Checked Out`,
    cancelled: t`Cancelled`,
    expired: t`Expired`,
    no_show: t`No-show`,
  };
}
