import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HomeButton } from '@/components/home-button';
import { usePageMeta } from '@/lib/use-page-meta';

const PaymentSessionStatus = lazy(() => import('@/features/guest-payment/components/PaymentSessionStatus'));

/**
 * Payment success (Stripe Checkout's success_url): the server says whether session_id paid
 * booking_id; the toast "Payment Confirmed!" and the heading "Booking Confirmed!" only then.
 */
export default function BookingSuccessPage() {
  const { t } = useLingui();
  usePageMeta(t`Booking confirmed · Colosseum Guest House`, t`Your booking at the Colosseum Guest House is confirmed.`);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const bookingId = params.get('booking_id');

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        {sessionId && bookingId ? (
          <Suspense fallback={null}>
            <PaymentSessionStatus sessionId={sessionId} bookingId={bookingId} />
          </Suspense>
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
