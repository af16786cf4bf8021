import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { RefundReason } from '@/lib/cancellation-terms';
import { FunctionCallError } from '@/lib/edge-functions';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { bookingMoneyQueries, useRecordPropertyPayment, useRefundPayment } from '../api/payments';
import {
  formatCents,
  METHOD_LABELS,
  PAYMENT_KIND_LABELS,
  PRICING_UNIT_LABELS,
  refundableCents,
  type PaymentRow,
} from '../logic/payments';
import type { BookingStatus } from '../types';
import { PropertyPaymentForm, RefundForm } from './PaymentActionForms';

type OpenForm = 'balance' | 'city_tax' | 'refund' | null;

/** Money is collected at the house only for a stay that takes place. */
const COLLECTING: BookingStatus[] = ['confirmed', 'checked_in', 'checked_out'];

function PaymentLine({ payment }: { payment: PaymentRow }) {
  const ids = [payment.provider_payment_intent_id, payment.provider_refund_id, payment.provider_session_id].filter(
    Boolean,
  );
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b py-2 last:border-0">
      <span>
        <span className="font-medium">{PAYMENT_KIND_LABELS[payment.kind]}</span>
        {payment.status === 'failed' && <span className="text-destructive"> (failed)</span>}
        <span className="text-muted-foreground">
          {' '}
          · {METHOD_LABELS[payment.method] ?? payment.method} · by {payment.actor} ·{' '}
          {format(parseISO(payment.created_at), 'MMM dd, yyyy HH:mm')}
        </span>
        {payment.reason && <RefundReason reason={payment.reason} className="block text-muted-foreground" />}
        {ids.length > 0 && (
          <span className="block break-all font-mono text-xs text-muted-foreground">{ids.join(' · ')}</span>
        )}
      </span>
      <span className={payment.kind === 'refund' ? 'font-medium text-destructive' : 'font-medium'}>
        {payment.kind === 'refund' ? '−' : ''}
        {formatCents(payment.amount_cents)}
      </span>
    </li>
  );
}

/**
 * The booking's money on its card: the extras it includes and the payments ledger, oldest first.
 * Staff record the balance and the city tax paid at the house (for a confirmed stay or one under
 * way or over); admins refund what was paid online and not yet refunded, whatever the status.
 */
export function BookingPayments({
  bookingId,
  status,
  canRefund,
}: {
  bookingId: string;
  status: BookingStatus;
  canRefund: boolean;
}) {
  const money = useQuery(bookingMoneyQueries.one(bookingId));
  const record = useRecordPropertyPayment(bookingId);
  const refund = useRefundPayment(bookingId);
  const [open, setOpen] = useState<OpenForm>(null);

  if (money.isPending) {
    return (
      <div className="space-y-2" aria-label="Loading the payments">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (money.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        The payments could not be loaded.
        <Button size="sm" variant="outline" onClick={() => void money.refetch()}>
          Try again
        </Button>
      </p>
    );
  }

  const { payments, extras } = money.data;
  const refundable = refundableCents(payments);
  const canCollect = COLLECTING.includes(status);
  const canRefundNow = canRefund && refundable > 0;

  return (
    <section aria-label="Payments" className="space-y-3 text-sm">
      {extras.length > 0 && (
        <div>
          <h3 className="font-medium">Extras</h3>
          <ul className="text-muted-foreground">
            {extras.map((extra) => (
              <li key={extra.id} className="flex justify-between gap-4">
                <span>
                  {extra.quantity} × {extra.service_name} ({formatCents(extra.unit_price_cents)}{' '}
                  {PRICING_UNIT_LABELS[extra.pricing_unit]})
                </span>
                <span>{formatCents(extra.line_total_cents)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div>
        <h3 className="font-medium">Payments</h3>
        {payments.length === 0 ? (
          <p className="text-muted-foreground">No payments yet.</p>
        ) : (
          <ul aria-label="Payment timeline">
            {payments.map((payment) => (
              <PaymentLine key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </div>

      {open === 'balance' || open === 'city_tax' ? (
        <PropertyPaymentForm
          key={open}
          kind={open}
          bookingId={bookingId}
          busy={record.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(values) =>
            record.mutate(
              { kind: open, ...values },
              {
                onSuccess: () => {
                  setOpen(null);
                  toastSuccess(open === 'balance' ? 'Balance recorded' : 'City tax recorded');
                },
              },
            )
          }
        />
      ) : open === 'refund' ? (
        <RefundForm
          bookingId={bookingId}
          refundableCents={refundable}
          busy={refund.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(values) =>
            refund.mutate(values, {
              onSuccess: (result) => {
                setOpen(null);
                if (result.failed > 0) {
                  toastFailure('Refund pending', 'Stripe did not answer yet; the refund is retried within a minute.');
                } else {
                  toastSuccess('Refund made', `${formatCents(values.amount_cents)} refunded to the guest.`);
                }
              },
              onError: (error) =>
                toastFailure(
                  'Error',
                  ['Failed to refund', error instanceof FunctionCallError ? error.serverMessage : undefined]
                    .filter(Boolean)
                    .join('. '),
                  error,
                ),
            })
          }
        />
      ) : (
        (canCollect || canRefundNow) && (
          <div className="flex flex-wrap gap-2">
            {canCollect && (
              <>
                <Button size="sm" variant="outline" onClick={() => setOpen('balance')}>
                  Record balance paid
                </Button>
                <Button size="sm" variant="outline" onClick={() => setOpen('city_tax')}>
                  Record city tax collected
                </Button>
              </>
            )}
            {canRefundNow && (
              <Button size="sm" variant="outline" className="text-destructive" onClick={() => setOpen('refund')}>
                Refund
              </Button>
            )}
          </div>
        )
      )}
    </section>
  );
}
