import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, HelpCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocale } from '@/lib/i18n';
import { toastSuccess } from '@/lib/toast';
import { paymentSessionQuery } from '../api/payments';
import { WAIT_BEFORE_CONFIRMING_MS, formatCents, formatDay } from '../logic/payments';

/**
 * /booking-success: asks the server for the session's state, never trusting the URL alone. Paid:
 * the spec's toast and heading with the stay; not yet: a short wait, then "being confirmed";
 * a session of another booking or a made-up one: nothing of any booking.
 */
export default function PaymentSessionStatus({ sessionId, bookingId }: { sessionId: string; bookingId: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const session = useQuery(paymentSessionQuery(sessionId, bookingId));
  const [openedAt] = useState(() => Date.now());
  const toasted = useRef(false);
  const paid = session.data?.state === 'paid';
  useEffect(() => {
    if (paid && !toasted.current) {
      toasted.current = true;
      toastSuccess(t`Payment Confirmed!`);
    }
  }, [paid, t]);

  const booking = session.data?.booking;
  if (paid && booking) {
    return (
      <>
        <CheckCircle2 className="mx-auto mb-4 h-14 w-14 text-green-600" aria-hidden="true" />
        <h1 className="text-3xl font-bold">
          <Trans>Booking Confirmed!</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>Thank you for choosing the Colosseum Guest House. We look forward to welcoming you in Rome.</Trans>
        </p>
        <dl className="mt-4 space-y-1 text-sm" data-testid="paid-stay">
          <div>
            <Trans>Booking reference: {booking.reference}</Trans>
          </div>
          <div>
            {booking.room_name} · {formatDay(booking.check_in, locale)} – {formatDay(booking.check_out, locale)}
          </div>
          <div>
            <Trans>
              Paid: {formatCents(booking.paid_cents, locale)} · at the house:{' '}
              {formatCents(booking.balance_cents ?? 0, locale)}
            </Trans>
          </div>
        </dl>
      </>
    );
  }
  const waited = session.dataUpdatedAt - openedAt >= WAIT_BEFORE_CONFIRMING_MS;
  if (session.isPending || (session.data && ['pending', 'confirming'].includes(session.data.state) && !waited)) {
    return (
      <p role="status" className="text-muted-foreground">
        <Trans>Checking your payment…</Trans>
      </p>
    );
  }
  if (session.data && ['pending', 'confirming'].includes(session.data.state)) {
    return (
      <>
        <Clock className="mx-auto mb-4 h-14 w-14 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">
          <Trans>Your payment is being confirmed</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>This can take a minute. We will send you an e-mail as soon as it is confirmed.</Trans>
        </p>
      </>
    );
  }
  return (
    <>
      <HelpCircle className="mx-auto mb-4 h-14 w-14 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">
        <Trans>We could not find this payment</Trans>
      </h1>
    </>
  );
}
