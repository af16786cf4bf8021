import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toastSuccess } from '@/lib/toast';
import { buttonClasses } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** Payment success: toast "Payment Confirmed!" when session_id and booking_id are both present. */
export default function BookingSuccessPage() {
  const { t } = useLingui();
  const localized = useLocalizedPath();
  usePageMeta(t`Booking confirmed · Colosseum Guest House`, t`Your booking at the Colosseum Guest House is confirmed.`);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const bookingId = params.get('booking_id');
  const shown = useRef(false);

  useEffect(() => {
    if (sessionId && bookingId && !shown.current) {
      shown.current = true;
      toastSuccess(t`Payment Confirmed!`);
    }
  }, [sessionId, bookingId, t]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <CheckCircle2 className="mx-auto mb-4 h-14 w-14 text-green-600" aria-hidden="true" />
        <h1 className="text-3xl font-bold">
          <Trans>Booking Confirmed!</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>Thank you for choosing the Colosseum Guest House. We look forward to welcoming you in Rome.</Trans>
        </p>
        {bookingId && (
          <p className="mt-2 text-sm text-muted-foreground">
            <Trans>Booking reference: {bookingId}</Trans>
          </p>
        )}
        <Link to={localized('/')} className={buttonClasses('default', 'lg') + ' mt-6'}>
          <Trans>Return to Home</Trans>
        </Link>
      </div>
    </main>
  );
}
