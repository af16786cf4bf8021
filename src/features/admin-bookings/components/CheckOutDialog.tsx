import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatAdminDate } from '@/lib/format-date';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { bookingMoneyQueries, useCheckOut, type CheckOutInput } from '../api/payments';
import { checkOutPlan, formatCents } from '../logic/payments';

/**
 * Check-out at the desk (check_out_booking). With money open it asks first: settle it now (card,
 * cash) or check out with the amount left owing; before the booked departure it asks which nights
 * are charged (the non-refundable rate keeps every booked night by default).
 */
export function CheckOutDialog({
  bookingId,
  guestName,
  onClose,
}: {
  bookingId: string;
  guestName: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const money = useQuery(bookingMoneyQueries.one(bookingId));
  const checkOut = useCheckOut(bookingId);
  const [nights, setNights] = useState<'stayed' | 'booked' | null>(null);
  const today = format(new Date(), 'yyyy-MM-dd');

  function run(input: CheckOutInput) {
    checkOut.mutate(
      { ...input, nights: plan?.early ? (nights ?? plan.defaultNights) : undefined },
      {
        onSuccess: (result) => {
          const owing = formatCents(result?.left_owing_cents ?? 0);
          toastSuccess(
            t`Checked out`,
            result && (result.left_owing_cents ?? 0) > 0
              ? t`${owing} left owing on the folio.`
              : t`${guestName} has checked out.`,
          );
          onClose();
        },
        onError: (error) => {
          const problem = refusalMessage(error);
          toastFailure(t`Error`, problem ? t`Failed to check out. ${problem}` : t`Failed to check out.`, error);
        },
      },
    );
  }

  const plan = money.data ? checkOutPlan(money.data.folio, today) : null;
  const departure = plan ? formatAdminDate(plan.bookedCheckOut) : '';
  const nightsStayed = plan?.nightsStayed ?? 0;
  const nightsBooked = plan?.nightsBooked ?? 0;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby="check-out-description">
        <DialogHeader>
          <DialogTitle>
            <Trans>Check out {guestName}</Trans>
          </DialogTitle>
          <DialogDescription id="check-out-description">
            {plan?.open ? t`Money is still open on this stay.` : t`Nothing is left to pay on this stay.`}
          </DialogDescription>
        </DialogHeader>
        {!plan ? (
          <div className="space-y-2" aria-label={t`Loading the folio`}>
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ) : (
          <div className="space-y-4 text-sm">
            {plan.early && (
              <fieldset className="space-y-2">
                <legend className="font-medium">{t`Leaving before ${departure}: which nights are charged?`}</legend>
                {(['stayed', 'booked'] as const).map((choice) => (
                  <label key={choice} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`nights-${bookingId}`}
                      value={choice}
                      checked={(nights ?? plan.defaultNights) === choice}
                      onChange={() => setNights(choice)}
                    />
                    {choice === 'stayed'
                      ? t`The nights stayed (${nightsStayed})`
                      : t`Every booked night (${nightsBooked})`}
                  </label>
                ))}
                <p className="text-muted-foreground">
                  <Trans>The city tax counts the nights stayed.</Trans>{' '}
                  {plan.nonRefundable && t`This stay is on the non-refundable rate.`}
                </p>
              </fieldset>
            )}
            {plan.open && (
              <dl className="grid grid-cols-[1fr_auto] gap-x-4">
                <dt className="text-muted-foreground">
                  <Trans>Balance due</Trans>
                </dt>
                <dd className="text-right">{formatCents(plan.stayBalance)}</dd>
                <dt className="text-muted-foreground">
                  <Trans>City tax to collect</Trans>
                </dt>
                <dd className="text-right">{formatCents(plan.cityTaxOpen)}</dd>
                {plan.early && (
                  <dd className="col-span-2 text-muted-foreground">
                    <Trans>Before the change of nights; the desk charges the figure the folio has after it.</Trans>
                  </dd>
                )}
              </dl>
            )}
          </div>
        )}
        <DialogFooter className="flex-wrap">
          <Button variant="outline" onClick={onClose} disabled={checkOut.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          {plan?.open ? (
            <>
              <Button variant="outline" disabled={checkOut.isPending} onClick={() => run({ leaveOwing: true })}>
                <Trans>Check out, left owing</Trans>
              </Button>
              <Button variant="outline" disabled={checkOut.isPending} onClick={() => run({ settleMethod: 'cash' })}>
                <Trans>Settle in cash</Trans>
              </Button>
              <Button disabled={checkOut.isPending} onClick={() => run({ settleMethod: 'card' })}>
                <Trans>Settle by card</Trans>
              </Button>
            </>
          ) : (
            <Button disabled={!plan || checkOut.isPending} onClick={() => run({})}>
              <Trans>Check out</Trans>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
