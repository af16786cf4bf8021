import { BedDouble, CalendarDays, Clock, Link2Off, Mail, MessageSquare, Phone, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatAdminDate } from '@/lib/format-date';
import { formatEuro } from '@/lib/utils';
import {
  bookingActions,
  bookingNights,
  checkinText,
  hasGuestLink,
  holdText,
  type BookingAction,
} from '../logic/bookings';
import {
  BOOKING_STATUS_LABELS,
  type BookingDetails,
  type BookingEmail,
  type BookingListItem,
  type BookingStatus,
} from '../types';
import { BookingEmailLog } from './BookingEmailLog';

const STATUS_VARIANT: Record<BookingStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'outline',
  confirmed: 'default',
  checked_in: 'default',
  checked_out: 'secondary',
  cancelled: 'destructive',
  expired: 'secondary',
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
  /** the booking's money (extras and payments), shown above the e-mail log */
  children?: ReactNode;
}) {
  const titleId = useId();
  const nights = bookingNights(booking.check_in_date, booking.check_out_date);
  const roomType = booking.room_type.charAt(0).toUpperCase() + booking.room_type.slice(1);

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
          <Badge variant={STATUS_VARIANT[booking.status]}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
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
              <Badge variant="default">Confirmed by guest</Badge>
            ) : (
              <Badge variant="outline">Not yet confirmed by guest</Badge>
            )}
          </div>
        )}

        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <BedDouble className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Room</span>
            </dt>
            <dd>
              {booking.room_name} · Room {booking.room_number}
              <span className="block text-muted-foreground">{roomType}</span>
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <CalendarDays className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Stay</span>
            </dt>
            <dd>
              {formatAdminDate(booking.check_in_date)} – {formatAdminDate(booking.check_out_date)}
              <span className="block text-muted-foreground">
                {nights} {nights === 1 ? 'night' : 'nights'}
              </span>
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <Users className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Guests</span>
            </dt>
            <dd>
              {booking.guests} {booking.guests === 1 ? 'guest' : 'guests'}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Total</dt>
            <dd className="text-base font-semibold">
              {formatEuro(booking.total_amount)}
              {booking.discount_amount > 0 && (
                <span className="block text-xs font-normal text-muted-foreground">
                  incl. {formatEuro(booking.discount_amount)} discount
                  {booking.promo_code ? ` (${booking.promo_code})` : ''}
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
          <span>Booked {formatAdminDate(booking.created_at)}</span>
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

        {(bookingActions(booking.status).length > 0 || (details && onRevokeLink && hasGuestLink(details.emails))) && (
          <div className="flex flex-wrap gap-2">
            {bookingActions(booking.status).map((action) => (
              <Button
                key={action.to}
                size="sm"
                variant={action.to === 'cancelled' ? 'outline' : 'default'}
                className={action.to === 'cancelled' ? 'text-destructive' : undefined}
                disabled={busy}
                onClick={() => onAction(action)}
              >
                {action.label}
              </Button>
            ))}
            {details && onRevokeLink && hasGuestLink(details.emails) && (
              <Button size="sm" variant="ghost" className="sm:ml-auto" onClick={onRevokeLink}>
                <Link2Off className="h-4 w-4" aria-hidden="true" />
                Revoke guest link
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
