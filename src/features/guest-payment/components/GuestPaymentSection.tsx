import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/lib/i18n';
import { useStartCheckout } from '@/lib/checkout';
import { guestPaymentsQuery, useSettleRefunds } from '../api/payments';
import { formatCents, formatDay, moneySummary, type GuestPayments, type MoneySummary } from '../logic/payments';

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
    extra: t`Extra`,
  };
  if (!data.deposit_cents && data.payments.length === 0) return null;
  // the extras on the folio: booked with the stay or added during it (a correction shows as its own line)
  const extras = data.folio_lines.filter((line) => line.kind === 'extra');

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
          <dd className="text-right">{money(data.folio.charged_cents - data.folio.city_tax_due_cents)}</dd>
          {extras.map((extra, index) => (
            <Extra
              key={`${extra.description}-${index}`}
              name={extra.description ?? ''}
              quantity={extra.quantity ?? 1}
              amount={money(extra.amount_cents)}
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
          {data.folio.city_tax_due_cents > 0 && (
            <>
              <dt className="text-muted-foreground">
                <Trans>City tax, paid at the house</Trans>
              </dt>
              <dd className="text-right">{money(data.folio.city_tax_due_cents)}</dd>
            </>
          )}
        </dl>
        <MoneySummaryLine summary={moneySummary(data.folio)} money={money} />
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

/** "Paid online €162.00 · Balance at the house €378.00 · City tax €36.00 to pay at the house", or "Paid in full". */
function MoneySummaryLine({ summary, money }: { summary: MoneySummary; money: (cents: number) => string }) {
  if (summary.paidInFull) {
    return (
      <p className="mt-4 text-sm font-medium" data-testid="money-summary">
        <Trans>Paid in full</Trans>
      </p>
    );
  }
  const parts = [
    summary.paidOnline > 0 && (
      <Trans key="online">
        Paid online <span data-testid="paid">{money(summary.paidOnline)}</span>
      </Trans>
    ),
    summary.paidAtHouse > 0 && <Trans key="house">Paid at the house {money(summary.paidAtHouse)}</Trans>,
    summary.balanceAtHouse > 0 && <Trans key="balance">Balance at the house {money(summary.balanceAtHouse)}</Trans>,
    summary.cityTaxToPay > 0 && <Trans key="tax">City tax {money(summary.cityTaxToPay)} to pay at the house</Trans>,
  ].filter(Boolean);
  return (
    <p className="mt-4 text-sm font-medium" data-testid="money-summary">
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && ' · '}
          {part}
        </span>
      ))}
    </p>
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
