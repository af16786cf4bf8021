import { Trans } from '@lingui/react/macro';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CancellationTerms } from '@/lib/cancellation-terms';
import { useStartCheckout } from '@/lib/checkout';
import { useFormatters } from '@/lib/i18n/format';
import type { BookingRequestResult } from '../logic/quote';

/**
 * After a request was sent (and WhatsApp opened, as before): the server's figures of that request —
 * the deposit due now, the balance paid at the house, its cancellation terms — and
 * "Pay the deposit", which starts Stripe Checkout for the stored booking. When the host accepts each
 * request before payment, the figures and no button: the link comes by e-mail once accepted.
 * When the payment is the whole stay (the non-refundable rate), it says so: no deposit, no balance.
 * Nothing when no deposit is asked.
 */
export function DepositOffer({ result }: { result: BookingRequestResult }) {
  const { euro } = useFormatters();
  const checkout = useStartCheckout();
  if (result.deposit_cents <= 0) return null;
  const deposit = euro(result.deposit_cents / 100);
  const balance = euro(result.balance_cents / 100);
  const reference = result.reference;
  const later = result.confirm_before_payment;
  // nothing left for the house: the non-refundable rate, paid in full now
  const full = result.balance_cents <= 0;
  return (
    <section className="grid gap-3 rounded-md border bg-muted/50 p-4 text-sm" aria-labelledby="deposit-offer-heading">
      <h3 id="deposit-offer-heading" className="text-base font-semibold">
        {later ? (
          <Trans>Request {reference} sent</Trans>
        ) : full ? (
          <Trans>Request {reference} sent: secure it by paying for your stay</Trans>
        ) : (
          <Trans>Request {reference} sent: secure it with the deposit</Trans>
        )}
      </h3>
      <dl className="grid grid-cols-2 gap-1">
        <dt className="text-muted-foreground">
          {full ? (
            later ? (
              <Trans>Your whole stay, once we accept your request</Trans>
            ) : (
              <Trans>Your whole stay, due now</Trans>
            )
          ) : later ? (
            <Trans>Deposit, once we accept your request</Trans>
          ) : (
            <Trans>Deposit, due now</Trans>
          )}
        </dt>
        <dd className="text-right" data-testid="offer-deposit">
          {deposit}
        </dd>
        {!full && (
          <>
            <dt className="text-muted-foreground">
              <Trans>Balance, paid at the house on arrival</Trans>
            </dt>
            <dd className="text-right" data-testid="offer-balance">
              {balance}
            </dd>
          </>
        )}
      </dl>
      <CancellationTerms terms={result.cancellation} className="text-muted-foreground" />
      {later ? (
        <p data-testid="payment-after-acceptance">
          {full ? (
            <Trans>
              We look at every request before taking any payment. Once we accept yours, we will e-mail you the link to
              pay for your stay.
            </Trans>
          ) : (
            <Trans>
              We look at every request before taking any payment. Once we accept yours, we will e-mail you the link to
              pay the deposit.
            </Trans>
          )}
        </p>
      ) : (
        <Button
          type="button"
          onClick={() => checkout.mutate({ reference, token: result.access_token })}
          disabled={checkout.isPending}
        >
          <CreditCard className="h-4 w-4" aria-hidden="true" />
          {full ? <Trans>Pay for your stay ({deposit})</Trans> : <Trans>Pay the deposit ({deposit})</Trans>}
        </Button>
      )}
      {checkout.isError && (
        <p role="alert" className="text-destructive">
          {checkout.error.message}
        </p>
      )}
    </section>
  );
}

/** The dialog's success step: "Request sent", then the deposit offer; the guest may close it. */
export function RequestSentDialog({ result }: { result: BookingRequestResult }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-md p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="font-serif text-2xl">
            <Trans>Request sent</Trans>
          </DialogTitle>
          <DialogDescription>
            {result.confirm_before_payment ? (
              <Trans>Your request is on WhatsApp. Here is what you will pay, and when:</Trans>
            ) : (
              <Trans>Your request is on WhatsApp. You can also secure your stay now:</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <DepositOffer result={result} />
      </DialogContent>
    </Dialog>
  );
}
