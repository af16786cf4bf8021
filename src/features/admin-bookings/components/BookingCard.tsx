import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowRightLeft,
  BedDouble,
  CalendarDays,
  CalendarRange,
  Clock,
  Link2Off,
  Mail,
  MessageSquare,
  Phone,
  UserX,
  Users,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatAdminDate } from '@/lib/format-date';
import { formatEuro } from '@/lib/utils';
import { roomTypeLabel } from '@/lib/i18n/portal-labels';
import {
  bookingActions,
  bookingNights,
  checkinText,
  hasGuestLink,
  holdText,
  type BookingAction,
} from '../logic/bookings';
import { useDeskLabels } from './desk-labels';
import { useBookingStatusLabels } from './status-labels';
import { type BookingDetails, type BookingEmail, type BookingListItem, type BookingStatus } from '../types';
import { BookingEmailLog } from './BookingEmailLog';

const STATUS_VARIANT: Record<BookingStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'outline',
  confirmed: 'default',
  checked_in: 'default',
  checked_out: 'secondary',
  cancelled: 'destructive',
  expired: 'secondary',
  no_show: 'destructive',
};

export function BookingCard({
  booking,
  onAction,
  busy,
  details,
  now,
  onResendEmail,
  resendingEmailId = null,
  onRevokeLink,
  onChangeStay,
  onNoShow,
  today,
  children,
}: {
  booking: BookingListItem;
  onAction: (action: BookingAction) => void;
  busy: boolean;
  /** the hold and the e-mail log, once loaded */
  details?: BookingDetails;
  /** the clock the hold's time left reads */
  now?: Date;
  onResendEmail?: (email: BookingEmail) => void;
  resendingEmailId?: string | null;
  onRevokeLink?: () => void;
  /** Change dates / Move room (ChangeStayDialog) */
  onChangeStay?: (mode: 'dates' | 'room') => void;
  /** No-show: offered once the arrival day has passed */
  onNoShow?: () => void;
  /** the house's today (yyyy-MM-dd), for the no-show's arrival day */
  today?: string;
  /** the booking's money (extras and payments), shown above the e-mail log */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const labels = useDeskLabels();
  const statusLabels = useBookingStatusLabels();
  const nights = bookingNights(booking.check_in_date, booking.check_out_date);
  const roomType = roomTypeLabel(booking.room_type);
  const actionLabels = {
    Confirm: t`Confirm`,
    'Check In': t`Check In`,
    'Check Out': t`Check Out`,
    Cancel: t`Cancel`,
  } satisfies Record<(typeof actions)[number]['label'], string>;
  const actions = bookingActions(booking.status);
  const changeable = Boolean(onChangeStay) && ['pending', 'confirmed', 'checked_in'].includes(booking.status);
  const noShow =
    Boolean(onNoShow) && booking.status === 'confirmed' && Boolean(today) && booking.check_in_date < today!;
  const source = details?.source;

  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={titleId} className="font-sans text-lg font-semibold">
              {booking.guest_name}
            </h2>
            <p className="font-mono text-xs text-muted-foreground">{booking.reference}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {source && source !== 'website' && (
              <Badge variant="outline" data-testid="booking-source">
                {labels.source(source)}
              </Badge>
            )}
            <Badge variant={STATUS_VARIANT[booking.status]}>{statusLabels[booking.status]}</Badge>
          </div>
        </div>

        {(booking.status === 'confirmed' || booking.status === 'checked_in') && details?.checkin && (
          <p className="text-sm" data-testid="booking-checkin">
            <Link to="/admin/arrivals" className="underline-offset-4 hover:underline">
              {checkinText(details.checkin)}
            </Link>
          </p>
        )}

        {booking.status === 'pending' && details && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="booking-hold">
            {details.hold_expires_at && (
              <span className="inline-flex items-center gap-1">
                <Clock className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
                {holdText(details.hold_expires_at, now)}
              </span>
            )}
            {details.guest_confirmed_at ? (
              <Badge variant="default">
                <Trans>Confirmed by guest</Trans>
              </Badge>
            ) : (
              <Badge variant="outline">
                <Trans>Not yet confirmed by guest</Trans>
              </Badge>
            )}
          </div>
        )}

        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <BedDouble className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">
                <Trans>Room</Trans>
              </span>
            </dt>
            <dd>
              <Trans>
                {booking.room_name} · Room {booking.room_number}
              </Trans>
              <span className="block text-muted-foreground">{roomType}</span>
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <CalendarDays className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">
                <Trans>Stay</Trans>
              </span>
            </dt>
            <dd>
              {formatAdminDate(booking.check_in_date)} – {formatAdminDate(booking.check_out_date)}
              <span className="block text-muted-foreground">
                {plural(nights, { one: '# night', other: '# nights' })}
              </span>
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <Users className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">
                <Trans>Guests</Trans>
              </span>
            </dt>
            <dd>{plural(booking.guests, { one: '# guest', other: '# guests' })}</dd>
          </div>
          <div>
            <dt className="sr-only">
              <Trans>Total</Trans>
            </dt>
            <dd className="text-base font-semibold">
              {formatEuro(booking.total_amount)}
              {booking.discount_amount > 0 && (
                <span className="block text-xs font-normal text-muted-foreground">
                  {booking.promo_code
                    ? t`incl. ${formatEuro(booking.discount_amount)} discount (${booking.promo_code})`
                    : t`incl. ${formatEuro(booking.discount_amount)} discount`}
                </span>
              )}
            </dd>
          </div>
        </dl>

        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <a href={`mailto:${booking.guest_email}`} className="flex items-center gap-1 hover:text-foreground">
            <Mail className="h-4 w-4" aria-hidden="true" />
            {booking.guest_email}
          </a>
          {booking.guest_phone && (
            <a href={`tel:${booking.guest_phone}`} className="flex items-center gap-1 hover:text-foreground">
              <Phone className="h-4 w-4" aria-hidden="true" />
              {booking.guest_phone}
            </a>
          )}
          <span>
            <Trans>Booked {formatAdminDate(booking.created_at)}</Trans>
          </span>
        </div>

        {booking.special_requests && (
          <p className="flex gap-2 rounded-md bg-muted p-3 text-sm">
            <MessageSquare className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>{booking.special_requests}</span>
          </p>
        )}

        {children}

        {details && onResendEmail && (
          <BookingEmailLog emails={details.emails} onResend={onResendEmail} resendingId={resendingEmailId} />
        )}

        {(actions.length > 0 || changeable || noShow || (details && onRevokeLink && hasGuestLink(details.emails))) && (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action.to}
                size="sm"
                variant={action.to === 'cancelled' ? 'outline' : 'default'}
                className={action.to === 'cancelled' ? 'text-destructive' : undefined}
                disabled={busy}
                onClick={() => onAction(action)}
              >
                {actionLabels[action.label]}
              </Button>
            ))}
            {changeable && (
              <>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onChangeStay!('dates')}>
                  <CalendarRange className="h-4 w-4" aria-hidden="true" />
                  <Trans>Change dates</Trans>
                </Button>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onChangeStay!('room')}>
                  <ArrowRightLeft className="h-4 w-4" aria-hidden="true" />
                  <Trans>Move room</Trans>
                </Button>
              </>
            )}
            {noShow && (
              <Button size="sm" variant="outline" className="text-destructive" disabled={busy} onClick={onNoShow}>
                <UserX className="h-4 w-4" aria-hidden="true" />
                <Trans>No-show</Trans>
              </Button>
            )}
            {details && onRevokeLink && hasGuestLink(details.emails) && (
              <Button size="sm" variant="ghost" className="sm:ml-auto" onClick={onRevokeLink}>
                <Link2Off className="h-4 w-4" aria-hidden="true" />
                <Trans>Revoke guest link</Trans>
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
