import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { RefundReason } from '@/lib/cancellation-terms';
import { functionRefusal } from '@/lib/edge-functions';
import { formatAdminDate } from '@/lib/format-date';
import { useReceiptDownload } from '@/lib/receipts';
import { toastFailure, toastInfo, toastSuccess } from '@/lib/toast';
import {
  bookingMoneyQueries,
  useAddFolioExtra,
  useRecordPropertyPayment,
  useRefundPayment,
  useReverseFolioLine,
} from '../api/payments';
import {
  correctableIds,
  formatCents,
  METHOD_LABELS,
  PAYMENT_KIND_LABELS,
  PRICING_UNIT_LABELS,
  type Folio,
  type PaymentRow,
} from '../logic/payments';
import type { BookingStatus } from '../types';
import { ExtraForm, PropertyPaymentForm, RefundDialog } from './PaymentActionForms';

type OpenForm = 'balance' | 'city_tax' | 'extra' | 'refund' | null;

/** Money is collected at the house only for a stay that takes place. */
const COLLECTING: BookingStatus[] = ['confirmed', 'checked_in', 'checked_out'];

function PaymentLine({ payment, onCorrect }: { payment: PaymentRow; onCorrect?: () => void }) {
  const { t, i18n } = useLingui();
  const method = METHOD_LABELS[payment.method] ? i18n._(METHOD_LABELS[payment.method]) : payment.method;
  const actor = payment.actor;
  const when = `${formatAdminDate(payment.created_at)} ${format(parseISO(payment.created_at), 'HH:mm')}`;
  const ids = [payment.provider_payment_intent_id, payment.provider_refund_id, payment.provider_session_id].filter(
    Boolean,
  );
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b py-2 last:border-0">
      <span>
        <span className="font-medium">
          {i18n._(PAYMENT_KIND_LABELS[payment.kind])}
          {payment.correction && ` ${t`(correction)`}`}
          {payment.description && `: ${payment.quantity ?? 1} × ${payment.description}`}
        </span>
        {payment.status === 'failed' && <span className="text-destructive"> {t`(failed)`}</span>}
        <span className="text-muted-foreground"> {t`· ${method} · by ${actor} · ${when}`}</span>
        {payment.reason && <RefundReason reason={payment.reason} className="block text-muted-foreground" />}
        {ids.length > 0 && (
          <span className="block break-all font-mono text-xs text-muted-foreground">{ids.join(' · ')}</span>
        )}
      </span>
      <span className="flex items-center gap-2">
        <span className={payment.kind === 'refund' ? 'font-medium text-destructive' : 'font-medium'}>
          {payment.kind === 'refund' || payment.correction ? '−' : ''}
          {formatCents(payment.amount_cents)}
        </span>
        {onCorrect && (
          <Button size="sm" variant="ghost" onClick={onCorrect}>
            <Trans>Correct</Trans>
          </Button>
        )}
      </span>
    </li>
  );
}

/** The folio's totals: what the stay costs, what was paid and refunded, and what is left to pay. */
function FolioTotals({ folio, status }: { folio: Folio; status: BookingStatus }) {
  const { t } = useLingui();
  const totals = folio.totals;
  const rows: [string, number, string?][] = [
    [t`Stay (nights, extras)`, totals.charged_cents - totals.city_tax_due_cents],
    [t`City tax due`, totals.city_tax_due_cents],
    [t`Paid`, totals.paid_cents],
    [t`Refunded`, totals.refunded_cents],
  ];
  const owing = status === 'checked_out' && totals.balance_cents > 0;
  return (
    <div>
      <h3 className="font-medium">
        <Trans>Folio</Trans>
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4" aria-label={t`Folio totals`}>
        {rows
          .filter(([, cents]) => cents !== 0)
          .map(([label, cents]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right">{formatCents(cents)}</dd>
            </div>
          ))}
        <dt className="font-medium">{owing ? t`Left owing` : t`Balance due`}</dt>
        <dd className="text-right font-medium" data-testid="folio-balance">
          {formatCents(totals.stay_balance_cents)}
        </dd>
        <dt className="font-medium">
          <Trans>City tax to collect</Trans>
        </dt>
        <dd className="text-right font-medium" data-testid="folio-city-tax-open">
          {formatCents(totals.city_tax_open_cents)}
        </dd>
      </dl>
    </div>
  );
}

/** The payments' place on a booking card while they load. */
export function PaymentsLoading() {
  const { t } = useLingui();
  return (
    <div className="space-y-2" aria-label={t`Loading the payments`}>
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/**
 * The booking's money on its card: the folio's totals, the extras it includes and the ledger, oldest first.
 * Staff add an extra and take the balance and the city tax at the house (for a confirmed stay or
 * one under way or over), the amount starting at what is due; admins refund what was paid online
 * and not yet refunded, whatever the status, after a dialog that shows the policy's figure.
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
  const { t, i18n } = useLingui();
  const money = useQuery(bookingMoneyQueries.one(bookingId));
  const record = useRecordPropertyPayment(bookingId);
  const addExtra = useAddFolioExtra(bookingId);
  const reverse = useReverseFolioLine(bookingId);
  const refund = useRefundPayment(bookingId);
  const [open, setOpen] = useState<OpenForm>(null);

  if (money.isPending) return <PaymentsLoading />;
  if (money.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        <Trans>The payments could not be loaded.</Trans>
        <Button size="sm" variant="outline" onClick={() => void money.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </p>
    );
  }

  const { payments, extras, folio } = money.data;
  const refundable = folio.refundable_online_cents;
  const correctable = correctableIds(payments);
  // a correction is a new line that reverses this one, with the desk's reason
  const correct = (payment: PaymentRow) => {
    const kind = i18n._(PAYMENT_KIND_LABELS[payment.kind]);
    const amount = formatCents(payment.amount_cents);
    const reason = window.prompt(t`Why is this line corrected? (${kind}, ${amount})`);
    if (!reason?.trim()) return;
    reverse.mutate(
      { lineId: payment.id, reason: reason.trim() },
      { onSuccess: () => toastSuccess(t`Line corrected`, t`A correction line reverses it on the folio.`) },
    );
  };
  const canCollect = COLLECTING.includes(status);
  const canRefundNow = canRefund && refundable > 0;

  return (
    <section aria-label={t`Payments`} className="space-y-3 text-sm">
      <FolioTotals folio={folio} status={status} />
      {extras.length > 0 && (
        <div>
          <h3 className="font-medium">
            <Trans>Extras</Trans>
          </h3>
          <ul className="text-muted-foreground">
            {extras.map((extra) => (
              <li key={extra.id} className="flex justify-between gap-4">
                <span>
                  {extra.quantity} × {extra.service_name} ({formatCents(extra.unit_price_cents)}{' '}
                  {i18n._(PRICING_UNIT_LABELS[extra.pricing_unit])})
                </span>
                <span>{formatCents(extra.line_total_cents)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div>
        <h3 className="font-medium">
          <Trans>Payments</Trans>
        </h3>
        {payments.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No payments yet.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Payment timeline`}>
            {payments.map((payment) => (
              <PaymentLine
                key={payment.id}
                payment={payment}
                onCorrect={correctable.has(payment.id) ? () => correct(payment) : undefined}
              />
            ))}
          </ul>
        )}
      </div>

      <ReceiptButton bookingId={bookingId} reference={folio.reference} />

      {open === 'balance' || open === 'city_tax' ? (
        <PropertyPaymentForm
          key={open}
          kind={open}
          bookingId={bookingId}
          dueCents={open === 'balance' ? folio.totals.stay_balance_cents : folio.totals.city_tax_open_cents}
          busy={record.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(values) =>
            record.mutate(
              { kind: open, ...values },
              {
                onSuccess: () => {
                  setOpen(null);
                  toastSuccess(open === 'balance' ? t`Balance recorded` : t`City tax recorded`);
                },
              },
            )
          }
        />
      ) : open === 'extra' ? (
        <ExtraForm
          bookingId={bookingId}
          busy={addExtra.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(values) =>
            addExtra.mutate(values, {
              onSuccess: () => {
                setOpen(null);
                toastSuccess(t`Extra added`, `${values.quantity} × ${values.description}`);
              },
            })
          }
        />
      ) : open === 'refund' ? (
        <RefundDialog
          bookingId={bookingId}
          paidOnlineCents={folio.totals.paid_online_cents}
          refundableCents={refundable}
          policyCents={folio.policy_refund_today_cents}
          busy={refund.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(values) =>
            refund.mutate(values, {
              onSuccess: (result) => {
                setOpen(null);
                if (result.failed > 0) {
                  toastFailure(t`Refund pending`, t`Stripe did not answer yet; the refund is retried within a minute.`);
                } else {
                  const refunded = formatCents(values.amount_cents);
                  toastSuccess(t`Refund made`, t`${refunded} refunded to the guest.`);
                }
              },
              onError: (error) =>
                toastFailure(t`Error`, [t`Failed to refund`, functionRefusal(error)].filter(Boolean).join('. '), error),
            })
          }
        />
      ) : (
        (canCollect || canRefundNow) && (
          <div className="flex flex-wrap gap-2">
            {canCollect && (
              <>
                <Button size="sm" variant="outline" onClick={() => setOpen('balance')}>
                  <Trans>Record balance paid</Trans>
                </Button>
                <Button size="sm" variant="outline" onClick={() => setOpen('city_tax')}>
                  <Trans>Record city tax collected</Trans>
                </Button>
                <Button size="sm" variant="outline" onClick={() => setOpen('extra')}>
                  <Trans>Add an extra</Trans>
                </Button>
              </>
            )}
            {canRefundNow && (
              <Button size="sm" variant="outline" className="text-destructive" onClick={() => setOpen('refund')}>
                <Trans>Refund</Trans>
              </Button>
            )}
          </div>
        )
      )}
    </section>
  );
}

/** The stay's receipt from its folio (PDF, in the guest's language and in Italian). */
function ReceiptButton({ bookingId, reference }: { bookingId: string; reference: string }) {
  const { t } = useLingui();
  const download = useReceiptDownload(reference);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={download.isPending}
      onClick={() => {
        toastInfo(t`Preparing the receipt…`);
        download.mutate(
          { booking_id: bookingId },
          {
            onError: (error) => toastFailure(t`The receipt could not be made`, functionRefusal(error), error),
          },
        );
      }}
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      {download.isPending ? t`Preparing the receipt…` : t`Download receipt`}
    </Button>
  );
}
