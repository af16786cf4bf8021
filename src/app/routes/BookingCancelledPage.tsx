import { Trans, useLingui } from '@lingui/react/macro';
import { XCircle } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HomeButton } from '@/components/home-button';
import { usePageMeta } from '@/lib/use-page-meta';

const RetryPayment = lazy(() => import('@/features/guest-payment/components/RetryPayment'));

/** Payment cancelled: nothing was charged; "Try Booking Again" goes home; a request still held may be paid again. */
export default function BookingCancelledPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const reference = params.get('reference');
  const token = params.get('token');
  usePageMeta(
    t`Booking cancelled · Colosseum Guest House`,
    t`Your booking was cancelled and no payment was processed.`,
  );
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <XCircle className="mx-auto mb-4 h-14 w-14 text-destructive" aria-hidden="true" />
        <h1 className="text-3xl font-bold">
          <Trans>Booking Cancelled</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>Your booking was cancelled and no payment was processed.</Trans>
        </p>
        {reference && token && (
          <Suspense fallback={null}>
            <RetryPayment reference={reference} token={token} />
          </Suspense>
        )}
        <HomeButton size="lg">
          <Trans>Try Booking Again</Trans>
        </HomeButton>
      </div>
    </main>
  );
}
