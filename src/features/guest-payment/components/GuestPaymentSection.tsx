import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/lib/i18n';
import { useStartCheckout } from '@/lib/checkout';
import { guestPaymentsQuery, useSettleRefunds } from '../api/payments';
import { formatCents, formatDay, type GuestPayments } from '../logic/payments';

/** The private page's payment section: deposit due or paid, "Pay the deposit", the refund if cancelled, the timeline. */
export default function GuestPaymentSection({ reference, token }: { reference: string; token: string }) {
  const payments = useQuery({ ...guestPaymentsQuery(reference, token), enabled: token !== '' });
  const settle = useSettleRefunds(reference);
  const owed = payments.data?.refund_pending_cents ?? 0;
  const bookingId = payments.data?.booking_id;
  const settleNow = settle.mutate;
  // a cancellation owes a refund: ask the server to make it now (the scheduler would, within a minute)
  useEffect(() => {
    if (owed > 0 && bookingId) settleNow(bookingId);
  }, [owed, bookingId, settleNow]);

  if (!payments.data || payments.data.total_cents === null) return null;
  return <PaymentCard data={payments.data} reference={reference} token={token} />;
}

function PaymentCard({ data, reference, token }: { data: GuestPayments; reference: string; token: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const checkout = useStartCheckout();
  const money = (cents: number) => formatCents(cents, locale);
  const kindLabel = {
    charge: t`Paid online`,
    refund: t`Refunded`,
    balance: t`Paid at the house`,
    city_tax: t`City tax`,
  };
  if (!data.deposit_cents && data.payments.length === 0) return null;

  return (
    <div className="container max-w-2xl pb-6">
      <section className="rounded-lg border bg-card p-6 shadow-sm" aria-labelledby="guest-payment-heading">
        <h2 id="guest-payment-heading" className="text-xl font-semibold">
          <Trans>Payment</Trans>
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">
            <Trans>Total</Trans>
          </dt>
          <dd className="text-right">{money(data.total_cents ?? 0)}</dd>
          {data.extras.map((extra) => (
            <Extra
              key={extra.name}
              name={extra.name}
              quantity={extra.quantity}
              amount={money(extra.line_total_cents)}
            />
          ))}
          <dt className="text-muted-foreground">
            {data.rate_plan === 'non_refundable' ? (
              <Trans>Due now (non-refundable rate)</Trans>
            ) : (
              <Trans>Deposit</Trans>
            )}
          </dt>
          <dd className="text-right" data-testid="deposit">
            {money(data.deposit_cents ?? 0)}
          </dd>
          <dt className="text-muted-foreground">
            <Trans>Balance, paid at the house on arrival</Trans>
          </dt>
          <dd className="text-right">{money(data.balance_cents ?? 0)}</dd>
          <dt className="font-medium">
            <Trans>Paid online</Trans>
          </dt>
          <dd className="text-right font-medium" data-testid="paid">
            {money(data.paid_cents)}
          </dd>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          {data.free_cancellation_until ? (
            <Trans>
              Free cancellation until {formatDay(data.free_cancellation_until, locale)}. If you cancel today, we refund{' '}
              {money(data.refund_if_cancelled_today)}.
            </Trans>
          ) : (
            <Trans>This rate cannot be refunded.</Trans>
          )}
        </p>
        {data.can_pay && data.due_now_cents > 0 && (
          <Button className="mt-4" onClick={() => checkout.mutate({ reference, token })} disabled={checkout.isPending}>
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            <Trans>Pay the deposit ({money(data.due_now_cents)})</Trans>
          </Button>
        )}
        {data.payment_after_acceptance && (
          <p className="mt-4 text-sm" data-testid="payment-after-acceptance">
            <Trans>
              We look at every request before taking any payment. Once we accept yours, you can pay the deposit here,
              and we will e-mail you the link.
            </Trans>
          </p>
        )}
        {checkout.isError && (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {checkout.error.message}
          </p>
        )}
        {data.payments.length > 0 && (
          <ol className="mt-4 space-y-1 border-t pt-4 text-sm" aria-label={t`Payments`}>
            {data.payments.map((payment) => (
              <li key={`${payment.created_at}-${payment.kind}`} className="flex justify-between">
                <span>
                  {kindLabel[payment.kind]} · {formatDay(payment.created_at.slice(0, 10), locale)}
                </span>
                <span>{money(payment.amount_cents)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Extra({ name, quantity, amount }: { name: string; quantity: number; amount: string }) {
  return (
    <>
      <dt className="pl-3 text-muted-foreground">
        {name} × {quantity}
      </dt>
      <dd className="text-right">{amount}</dd>
    </>
  );
}
