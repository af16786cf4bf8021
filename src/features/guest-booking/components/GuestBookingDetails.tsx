import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CancellationTerms } from '@/lib/cancellation-terms';
import { formatDay as stayDate } from '@/lib/time-left';
import { useLocalizedPath } from '@/lib/i18n';
import { useFormatters } from '@/lib/i18n/format';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { useContactInfo } from '@/lib/site-content';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  guestCancellationQuery,
  useCancelBookingRequest,
  useConfirmBookingRequest,
  type CancellationTermsView,
} from '../api/guest-booking';
import {
  cancelKind,
  cancelLabel,
  isOpen,
  statusSummary,
  type GuestBooking,
  type StatusSummary,
} from '../logic/guest-booking';

const TONE: Record<StatusSummary['tone'], { icon: typeof Clock; box: string; iconClass: string }> = {
  waiting: { icon: Clock, box: 'border-amber-300 bg-amber-50', iconClass: 'text-amber-700' },
  good: { icon: CheckCircle2, box: 'border-green-300 bg-green-50', iconClass: 'text-green-700' },
  ended: { icon: XCircle, box: 'border-muted-foreground/30 bg-muted', iconClass: 'text-muted-foreground' },
};

/** The booking the private link names: status, stay, price, and the guest's Confirm and Cancel. */
export function GuestBookingDetails({
  booking,
  token,
  now,
  highlightConfirm,
  onConfirmed,
  due,
}: {
  booking: GuestBooking;
  token: string;
  now: Date;
  highlightConfirm: boolean;
  onConfirmed?: () => void;
  /** what the guest has to do (pay, check in): shown right under the status, before the stay */
  due?: ReactNode;
}) {
  const { t } = useLingui();
  const { euro, locale } = useFormatters();
  const localized = useLocalizedPath();
  const titleId = useId();
  const summary = statusSummary(booking, now, locale);
  const tone = TONE[summary.tone];
  const contact = useContactInfo();
  const confirm = useConfirmBookingRequest(booking.reference, token);
  const cancel = useCancelBookingRequest(booking.reference, token);
  const [cancelOpen, setCancelOpen] = useState(false);
  // the terms as they stand today (once cancelled: what was refunded and kept), from the server
  const terms = useQuery(guestCancellationQuery(booking.reference, token)).data;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const highlight = highlightConfirm && booking.can_confirm;
  const busy = confirm.isPending || cancel.isPending;
  const label = cancelLabel(booking);
  const kind = cancelKind(booking);
  const failure = (error: Error) =>
    toastFailure(t`Error`, refusalErrorText(error, locale) ?? t`Something went wrong. Please try again.`, error);

  const { promo_code: promoCode, room_name: roomName } = booking;
  const checkIn = stayDate(booking.check_in, locale);
  const checkOut = stayDate(booking.check_out, locale);

  // the e-mail's Confirm link lands here: put the guest on the button (they still press it)
  useEffect(() => {
    if (highlight) confirmRef.current?.focus();
  }, [highlight]);

  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => {
        toastSuccess(t`Request confirmed`, t`Thank you. The host will answer you by e-mail.`);
        onConfirmed?.();
      },
      onError: failure,
    });

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setCancelOpen(false);
        toastSuccess(
          kind === 'request' ? t`Request cancelled` : t`Booking cancelled`,
          t`The dates are free again. We have let the host know.`,
        );
      },
      onError: (error) => {
        setCancelOpen(false);
        failure(error);
      },
    });

  return (
    <article className="container max-w-2xl py-10" aria-labelledby={titleId}>
      <p className="text-sm text-muted-foreground">Colosseum Guest House</p>
      <h1 id={titleId} className="mt-1 text-3xl font-bold md:text-4xl">
        {booking.status === 'pending' || booking.status === 'expired' ? t`Your stay request` : t`Your booking`}
      </h1>
      <p className="mt-2 text-muted-foreground">
        <Trans>Reference</Trans> <span className="font-mono font-semibold text-foreground">{booking.reference}</span>
        {booking.guest_name && <> · {booking.guest_name}</>}
      </p>

      <section
        aria-label={t`Status`}
        className={cn('mt-6 flex gap-3 rounded-lg border p-4', tone.box)}
        data-testid="booking-status"
      >
        <tone.icon className={cn('mt-0.5 h-6 w-6 shrink-0', tone.iconClass)} aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold">{summary.title}</h2>
          <p className="mt-1 text-sm text-foreground/85">{summary.detail}</p>
          {booking.status === 'cancelled' && <CancellationTerms terms={terms} className="mt-1 text-sm" />}
        </div>
      </section>

      {/* the sections bring their own container: the wrapper gives them back its padding */}
      {due && <div className="-mx-4 mt-6">{due}</div>}

      <section aria-labelledby={`${titleId}-stay`} className="mt-6 rounded-lg border bg-card p-6 shadow-sm">
        <h2 id={`${titleId}-stay`} className="text-xl font-semibold">
          <Trans>Your stay</Trans>
        </h2>
        <dl className="mt-4 grid gap-3 text-sm">
          <Row term={t`Room`}>{booking.room_name}</Row>
          <Row term={t`Check-in`}>
            {stayDate(booking.check_in, locale)}
            <span className="block text-xs text-muted-foreground">
              <Trans>from 3:00 PM to 8:00 PM</Trans>
            </span>
          </Row>
          <Row term={t`Check-out`}>
            {stayDate(booking.check_out, locale)}
            <span className="block text-xs text-muted-foreground">
              <Trans>by 10:30 AM</Trans>
            </span>
          </Row>
          <Row term={t`Nights`}>{booking.nights}</Row>
          <Row term={t`Guests`}>{booking.guests}</Row>
          {booking.discount_amount > 0 && (
            <Row term={promoCode ? t`Discount (${promoCode})` : t`Discount`}>
              <span className="text-green-700">-{euro(booking.discount_amount)}</span>
            </Row>
          )}
          <div className="flex justify-between gap-4 border-t pt-3 text-base font-semibold">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{euro(booking.total_amount)}</dd>
          </div>
        </dl>
      </section>

      {(booking.can_confirm || isOpen(booking)) && (
        <section aria-label={t`What you can do`} className="mt-6 space-y-4">
          {booking.can_confirm && (
            <div
              className={cn(
                'rounded-lg border p-4',
                highlight ? 'border-primary bg-primary/5 ring-2 ring-primary' : 'bg-card',
              )}
              data-highlighted={highlight || undefined}
            >
              <p className="text-sm">
                {highlight
                  ? t`One last step: press the button to confirm your request, so that we keep the dates for you.`
                  : t`Confirm your request so that we keep the dates while we prepare our answer.`}
              </p>
              <Button ref={confirmRef} size="lg" className="mt-3 w-full sm:w-auto" onClick={onConfirm} disabled={busy}>
                {confirm.isPending ? t`Confirming...` : t`Confirm your request`}
              </Button>
            </div>
          )}
          {isOpen(booking) && (
            <div className="rounded-lg border bg-card p-4">
              {booking.can_cancel ? (
                <>
                  <CancellationTerms terms={terms} className="text-sm" />
                  <Button
                    variant="outline"
                    className="mt-3 w-full text-destructive sm:w-auto"
                    onClick={() => setCancelOpen(true)}
                    disabled={busy}
                  >
                    {label}
                  </Button>
                </>
              ) : (
                <>
                  <CancellationTerms terms={terms} className="mb-2 text-sm" />
                  <p className="text-sm">
                    <Trans>This booking can no longer be cancelled online.</Trans>{' '}
                    <ContactUs phone={contact.phone} email={contact.email} />
                  </p>
                </>
              )}
            </div>
          )}
        </section>
      )}

      <Button asChild variant="link" className="mt-8 px-0">
        <Link to={localized('/')}>
          <Trans>Colosseum Guest House home page</Trans>
        </Link>
      </Button>

      <Dialog open={cancelOpen} onOpenChange={(open) => !cancel.isPending && setCancelOpen(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{kind === 'request' ? t`Cancel this request?` : t`Cancel this booking?`}</DialogTitle>
            <DialogDescription>
              {t`${roomName}, ${checkIn} to ${checkOut}. The dates will no longer be held for you, and this cannot be undone.`}
            </DialogDescription>
          </DialogHeader>
          <CancellationRefund terms={terms} />
          <DialogActions
            label={kind === 'request' ? t`Yes, cancel request` : t`Yes, cancel booking`}
            pendingLabel={t`Cancelling...`}
            pending={cancel.isPending}
            destructive
            onConfirm={onCancel}
            onCancel={() => setCancelOpen(false)}
            cancelLabel={<Trans>Keep it</Trans>}
          />
        </DialogContent>
      </Dialog>
    </article>
  );
}

/** The cancel dialog's answer before the click: the refund in euros and what is kept, as the server computes them. */
function CancellationRefund({ terms }: { terms: CancellationTermsView | undefined }) {
  const { euro } = useFormatters();
  if (!terms) return null;
  const refund = euro((terms.refund_cents ?? 0) / 100);
  const kept = euro((terms.kept_cents ?? 0) / 100);
  return (
    <div className="grid gap-2 text-sm" data-testid="cancel-refund">
      {(terms.paid_cents ?? 0) > 0 && (
        <dl className="grid grid-cols-2 gap-1 rounded-md border bg-muted/50 p-3">
          <dt className="text-muted-foreground">
            <Trans>Refunded to you</Trans>
          </dt>
          <dd className="text-right font-semibold">{refund}</dd>
          <dt className="text-muted-foreground">
            <Trans>Kept by the house</Trans>
          </dt>
          <dd className="text-right font-semibold">{kept}</dd>
        </dl>
      )}
      <CancellationTerms terms={terms} testId="cancel-terms" />
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** "Please contact us at <phone> or <e-mail>." with the numbers and addresses the site has. */
function ContactUs({ phone, email }: { phone: string; email: string }) {
  const tel = phone && (
    <a className="text-primary underline" href={`tel:${phone.replace(/\s/g, '')}`}>
      {phone}
    </a>
  );
  const mail = email && (
    <a className="text-primary underline" href={`mailto:${email}`}>
      {email}
    </a>
  );
  if (tel && mail)
    return (
      <Trans>
        Please contact us at {tel} or {mail}.
      </Trans>
    );
  if (tel) return <Trans>Please contact us at {tel}.</Trans>;
  if (mail) return <Trans>Please contact us at {mail}.</Trans>;
  return <Trans>Please contact us.</Trans>;
}
