import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, ClipboardList, Mail, Receipt } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HomeButton } from '@/components/home-button';
import { Button } from '@/components/ui/button';
import { paymentSessionQuery } from '@/features/guest-payment/api/payments';
import { rememberedPrivateLinkToken } from '@/lib/checkout';
import { useLocalizedPath } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

const PaymentSessionStatus = lazy(() => import('@/features/guest-payment/components/PaymentSessionStatus'));

/**
 * Payment success (Stripe Checkout's success_url): the server says whether session_id paid
 * booking_id; the toast "Payment Confirmed!" and the heading "Booking Confirmed!" only then,
 * followed by what comes next (check-in and the balance, on the guest's private page).
 */
export default function BookingSuccessPage() {
  const { t } = useLingui();
  usePageMeta(t`Booking confirmed · Colosseum Guest House`, t`Your booking at the Colosseum Guest House is confirmed.`);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const bookingId = params.get('booking_id');

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <div className="max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        {sessionId && bookingId ? (
          <>
            <Suspense fallback={null}>
              <PaymentSessionStatus sessionId={sessionId} bookingId={bookingId} />
            </Suspense>
            <NextSteps sessionId={sessionId} bookingId={bookingId} />
          </>
        ) : (
          <h1 className="text-2xl font-bold">
            <Trans>We could not find this payment</Trans>
          </h1>
        )}
        <HomeButton size="lg">
          <Trans>Return to Home</Trans>
        </HomeButton>
      </div>
    </main>
  );
}

/**
 * Once paid: check-in and the rest of the stay are on the guest's private page. This page's
 * address has no token of it; the tab that started the payment kept it (src/lib/checkout.ts), so
 * the page links there, to check-in and to what is left to pay, one tap each. Another tab or device
 * points to the e-mails' link. The same query as the status above: no second request.
 */
function NextSteps({ sessionId, bookingId }: { sessionId: string; bookingId: string }) {
  const session = useQuery(paymentSessionQuery(sessionId, bookingId));
  const localized = useLocalizedPath();
  if (session.data?.state !== 'paid') return null;
  const reference = session.data.booking?.reference;
  const token = reference ? rememberedPrivateLinkToken(reference) : null;
  const page =
    reference && token
      ? localized(`/booking/${encodeURIComponent(reference)}?${new URLSearchParams({ token }).toString()}`)
      : null;
  return (
    <section aria-labelledby="next-steps" className="mt-6 rounded-md border bg-muted/50 p-4 text-left text-sm">
      <h2 id="next-steps" className="font-semibold">
        <Trans>What comes next</Trans>
      </h2>
      {page ? (
        <>
          <p className="mt-2">
            <Trans>Check in online before you arrive: at the desk we will only need to see your documents.</Trans>
          </p>
          <div className="mt-3 flex flex-col gap-2">
            <Button asChild>
              <Link to={`${page}#check-in`} data-testid="success-check-in">
                <ClipboardList className="h-4 w-4" aria-hidden="true" />
                <Trans>Check in online</Trans>
              </Link>
            </Button>
            {/* a long label wraps instead of widening the page at 375 px */}
            <Button asChild variant="outline" className="h-auto min-h-10 whitespace-normal py-2 text-center">
              <Link to={page} data-testid="success-booking-page">
                <Receipt className="h-4 w-4 shrink-0" aria-hidden="true" />
                <Trans>Your booking: what is left to pay and the details</Trans>
              </Link>
            </Button>
          </div>
          <p className="mt-3 text-muted-foreground">
            <Trans>The same page is linked from the e-mails we sent you.</Trans>
          </p>
        </>
      ) : (
        <ul className="mt-2 space-y-2">
          <li className="flex gap-2">
            <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
            <Trans>Check in online before you arrive: at the desk we will only need to see your documents.</Trans>
          </li>
          <li className="flex gap-2">
            <Mail className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
            <Trans>
              Your private booking page has the check-in and what is left to pay at the house: open it from the link in
              the e-mails we sent you.
            </Trans>
          </li>
        </ul>
      )}
    </section>
  );
}
