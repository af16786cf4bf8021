import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarX, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { useNow } from '@/lib/use-now';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { todayISO } from '@/lib/dates';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastError } from '@/lib/toast';
import { useMarkNoShow } from '../api/desk';
import { bookingMoneyQueries } from '../api/payments';
import { ChangeStayDialog } from './ChangeStayDialog';
import { NewBookingDialog } from './NewBookingDialog';
import { readNewBookingRequest, withoutNewBooking } from '@/lib/new-booking-link';
import { useBookingStatusLabels } from './status-labels';
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
import { BookingPayments, PaymentsLoading } from './BookingPayments';
import { BookingSettingsCard } from './BookingSettingsCard';
import { CheckOutDialog } from './CheckOutDialog';
import { BOOKING_STATUSES, type BookingEmail, type BookingListItem, type BookingStatusFilter } from '../types';

export function BookingList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readBookingFilters(searchParams);
  const bookings = useQuery(bookingQueries.list(filters));
  const updateStatus = useUpdateBookingStatus();
  const rows = bookings.data?.rows ?? [];
  const ids = rows.map((row) => row.id);
  const details = useQuery(bookingQueries.details(ids));
  // the cards' payments in three requests for the page, not three per card
  const money = useQuery(bookingMoneyQueries.page(ids));
  const resend = useResendBookingEmail();
  const revoke = useRevokeBookingLink();
  const { isAdmin } = useAuthSnapshot();
  const now = useNow(30_000);
  const [checkingOut, setCheckingOut] = useState<BookingListItem | null>(null);
  const [changing, setChanging] = useState<{ booking: BookingListItem; mode: 'dates' | 'room' } | null>(null);
  const noShow = useMarkNoShow();
  const { t } = useLingui();
  const statusLabels = useBookingStatusLabels();
  const today = todayISO();
  // ?new=1&room=&from=&to= (the room board's free cells and the Calendar's link here)
  const newBooking = readNewBookingRequest(searchParams);

  function openNewBooking() {
    const next = new URLSearchParams(searchParams);
    next.set('new', '1');
    setSearchParams(next);
  }

  function closeNewBooking() {
    setSearchParams(withoutNewBooking(searchParams), { replace: true });
  }

  function onNoShow(booking: BookingListItem) {
    if (
      !window.confirm(
        t`Mark ${booking.guest_name} as a no-show? The nights are released at once; the cancellation policy decides what is kept.`,
      )
    )
      return;
    noShow.mutate(booking.id, {
      onSuccess: (result) =>
        toastSuccess(
          t`${booking.reference} marked as a no-show`,
          t`Kept per the policy: ${formatCents(result.kept_cents)}`,
        ),
      onError: (error) => toastError(refusalMessage(error) ?? t`The no-show could not be saved.`, error),
    });
  }

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
      !window.confirm(t`Are you sure you want to cancel the booking of ${booking.guest_name}?`)
    )
      return;
    updateStatus.mutate(
      { id: booking.id, status: action.to },
      { onSuccess: () => toastSuccess(t`Booking status updated successfully`) },
    );
  }

  function onResendEmail(email: BookingEmail) {
    resend.mutate(email.id, {
      onSuccess: () => toastSuccess(t`E-mail queued again`, t`${emailKindLabel(email.kind)} to ${email.recipient}`),
    });
  }

  function onRevokeLink(booking: BookingListItem) {
    if (
      !window.confirm(
        t`Revoke the private link of ${booking.guest_name}'s booking ${booking.reference}? The link in the guest's e-mails stops working at once.`,
      )
    )
      return;
    revoke.mutate(booking.id, {
      onSuccess: () => toastSuccess(t`Guest link revoked`, t`The link of ${booking.reference} no longer works.`),
    });
  }

  const total = bookings.data?.total ?? 0;
  const pages = pageCount(total);
  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  const first = (filters.page - 1) * BOOKINGS_PAGE_SIZE + 1;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">
            <Trans>Bookings</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Manage guest reservations and their status</Trans>
          </p>
        </div>
        <Button onClick={openNewBooking}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>New booking</Trans>
        </Button>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          className="flex-1"
          label={t`Search bookings`}
          placeholder={t`Search by guest name, email, or room...`}
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <NativeSelect
          aria-label={t`Filter by status`}
          className="sm:w-48"
          value={filters.status}
          onChange={(event) => setFilters({ status: event.target.value as BookingStatusFilter })}
          options={selectOptions(BOOKING_STATUSES, (status) => statusLabels[status])}
        >
          <option value="all">{t`All statuses`}</option>
        </NativeSelect>
      </div>

      {bookings.isPending ? (
        <ListSkeleton label={t`Loading bookings`} count={5} itemTestId="booking-skeleton" />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={CalendarX}
          titleAs="h2"
          title={t`No bookings found`}
          description={
            filtered
              ? t`Try adjusting your search criteria.`
              : t`Bookings will appear here once guests make reservations.`
          }
          action={
            filters.page > 1 &&
            total > 0 && (
              <Button variant="outline" size="sm" onClick={() => setFilters({ page: 1 })}>
                <Trans>Back to first page</Trans>
              </Button>
            )
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t`Showing ${first}–${first + rows.length - 1} of ${plural(total, { one: '# booking', other: '# bookings' })}`}
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
                onChangeStay={(mode) => setChanging({ booking, mode })}
                onNoShow={() => onNoShow(booking)}
                today={today}
              >
                {money.isPending ? (
                  <PaymentsLoading />
                ) : (
                  <BookingPayments bookingId={booking.id} status={booking.status} canRefund={isAdmin} />
                )}
              </BookingCard>
            ))}
          </div>
          {pages > 1 && (
            <nav className="flex items-center justify-between gap-4" aria-label={t`Pagination`}>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => setFilters({ page: filters.page - 1 })}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                <Trans>Previous</Trans>
              </Button>
              <span className="text-sm text-muted-foreground">
                <Trans>
                  Page {filters.page} of {pages}
                </Trans>
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pages}
                onClick={() => setFilters({ page: filters.page + 1 })}
              >
                <Trans>Next</Trans>
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

      {changing && <ChangeStayDialog stay={changing.booking} mode={changing.mode} onClose={() => setChanging(null)} />}

      <NewBookingDialog
        open={newBooking !== null}
        onOpenChange={(open) => (open ? openNewBooking() : closeNewBooking())}
        prefill={newBooking ?? { room: '', from: '', to: '' }}
      />

      <BookingSettingsCard canEdit={isAdmin} />
    </div>
  );
}

function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}
