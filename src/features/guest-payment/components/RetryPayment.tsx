import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/lib/i18n';
import { useStartCheckout } from '@/lib/checkout';
import { holdQuery } from '../api/payments';

/** /booking-cancelled (the private link in its address): while the request is still held, when the hold ends and a way to pay again. */
export default function RetryPayment({ reference, token }: { reference: string; token: string }) {
  const locale = useLocale();
  const hold = useQuery(holdQuery(reference, token));
  const checkout = useStartCheckout();
  if (!hold.data?.hold_expires_at) return null;
  const until = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Rome',
  }).format(new Date(hold.data.hold_expires_at));
  return (
    <div className="mt-4 text-sm">
      <p className="text-muted-foreground" data-testid="hold-end">
        <Trans>We are holding your dates until {until} (Rome time).</Trans>
      </p>
      <Button
        className="mt-3"
        variant="outline"
        onClick={() => checkout.mutate({ reference, token })}
        disabled={checkout.isPending}
      >
        <Trans>Try the payment again</Trans>
      </Button>
      {checkout.isError && (
        <p role="alert" className="mt-2 text-destructive">
          {checkout.error.message}
        </p>
      )}
    </div>
  );
}
