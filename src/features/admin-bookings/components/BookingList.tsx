import { useQuery } from '@tanstack/react-query';
import { CalendarX, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { useNow } from '@/lib/use-now';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { bookingQueries, useResendBookingEmail, useRevokeBookingLink, useUpdateBookingStatus } from '../api/bookings';
import {
  BOOKINGS_PAGE_SIZE,
  pageCount,
  readBookingFilters,
  writeBookingFilters,
  type BookingAction,
  type BookingFilters,
  emailKindLabel,
} from '../logic/bookings';
import { BookingCard } from './BookingCard';
import { BookingPayments } from './BookingPayments';
import { BookingSettingsCard } from './BookingSettingsCard';
import { CheckOutDialog } from './CheckOutDialog';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingEmail,
  type BookingListItem,
  type BookingStatusFilter,
} from '../types';

export function BookingList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readBookingFilters(searchParams);
  const bookings = useQuery(bookingQueries.list(filters));
  const updateStatus = useUpdateBookingStatus();
  const rows = bookings.data?.rows ?? [];
  const details = useQuery(bookingQueries.details(rows.map((row) => row.id)));
  const resend = useResendBookingEmail();
  const revoke = useRevokeBookingLink();
  const { isAdmin } = useAuthSnapshot();
  const now = useNow(30_000);
  const [checkingOut, setCheckingOut] = useState<BookingListItem | null>(null);

  function setFilters(next: Partial<BookingFilters>) {
    // a new search or status starts again at page 1
    const page = next.page ?? 1;
    setSearchParams(writeBookingFilters({ ...filters, ...next, page }), { replace: next.page === undefined });
  }

  function onAction(booking: BookingListItem, action: BookingAction) {
    // check-out asks first when money is open or the guest leaves early (CheckOutDialog)
    if (action.to === 'checked_out') {
      setCheckingOut(booking);
      return;
    }
    if (
      action.to === 'cancelled' &&
      !window.confirm(`Are you sure you want to cancel the booking of ${booking.guest_name}?`)
    )
      return;
    updateStatus.mutate(
      { id: booking.id, status: action.to },
      { onSuccess: () => toastSuccess('Booking status updated successfully') },
    );
  }

  function onResendEmail(email: BookingEmail) {
    resend.mutate(email.id, {
      onSuccess: () => toastSuccess('E-mail queued again', `${emailKindLabel(email.kind)} to ${email.recipient}`),
    });
  }

  function onRevokeLink(booking: BookingListItem) {
    if (
      !window.confirm(
        `Revoke the private link of ${booking.guest_name}'s booking ${booking.reference}? The link in the guest's e-mails stops working at once.`,
      )
    )
      return;
    revoke.mutate(booking.id, {
      onSuccess: () => toastSuccess('Guest link revoked', `The link of ${booking.reference} no longer works.`),
    });
  }

  const total = bookings.data?.total ?? 0;
  const pages = pageCount(total);
  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  const first = (filters.page - 1) * BOOKINGS_PAGE_SIZE + 1;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Bookings</h1>
        <p className="text-muted-foreground">Manage guest reservations and their status</p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          className="flex-1"
          label="Search bookings"
          placeholder="Search by guest name, email, or room..."
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <NativeSelect
          aria-label="Filter by status"
          className="sm:w-48"
          value={filters.status}
          onChange={(event) => setFilters({ status: event.target.value as BookingStatusFilter })}
          options={selectOptions(BOOKING_STATUSES, (status) => BOOKING_STATUS_LABELS[status])}
        >
          <option value="all">All statuses</option>
        </NativeSelect>
      </div>

      {bookings.isPending ? (
        <ListSkeleton label="Loading bookings" count={5} itemTestId="booking-skeleton" />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={CalendarX}
          titleAs="h2"
          title="No bookings found"
          description={
            filtered
              ? 'Try adjusting your search criteria.'
              : 'Bookings will appear here once guests make reservations.'
          }
          action={
            filters.page > 1 &&
            total > 0 && (
              <Button variant="outline" size="sm" onClick={() => setFilters({ page: 1 })}>
                Back to first page
              </Button>
            )
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {first}–{first + rows.length - 1} of {total} {total === 1 ? 'booking' : 'bookings'}
          </p>
          <div className="space-y-4" aria-busy={bookings.isPlaceholderData}>
            {rows.map((booking) => (
              <BookingCard
                key={booking.id}
                booking={booking}
                busy={updateStatus.isPending && updateStatus.variables?.id === booking.id}
                onAction={(action) => onAction(booking, action)}
                details={details.data?.[booking.id]}
                now={now}
                onResendEmail={onResendEmail}
                resendingEmailId={resend.isPending ? (resend.variables ?? null) : null}
                onRevokeLink={() => onRevokeLink(booking)}
              >
                <BookingPayments bookingId={booking.id} status={booking.status} canRefund={isAdmin} />
              </BookingCard>
            ))}
          </div>
          {pages > 1 && (
            <nav className="flex items-center justify-between gap-4" aria-label="Pagination">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => setFilters({ page: filters.page - 1 })}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {filters.page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pages}
                onClick={() => setFilters({ page: filters.page + 1 })}
              >
                Next
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}

      {checkingOut && (
        <CheckOutDialog
          bookingId={checkingOut.id}
          guestName={checkingOut.guest_name}
          onClose={() => setCheckingOut(null)}
        />
      )}

      <BookingSettingsCard canEdit={isAdmin} />
    </div>
  );
}
