import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { addDaysISO } from '@/lib/dates';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';
import { deskQueries, useChangeBookingStay } from '../api/desk';

export interface ChangeableStay {
  id: string;
  reference: string;
  guest_name: string;
  room_id: string;
  check_in_date: string;
  check_out_date: string;
  status: string;
}

/**
 * New dates or another room for a booking: re-priced as a new request of the new stay
 * (quote_stay_change) with the difference shown before saving, refused in the engine's own words
 * when the nights are taken. The guest is told by e-mail (stay_changed) unless unticked.
 */
export function ChangeStayDialog({
  stay,
  mode,
  onClose,
}: {
  stay: ChangeableStay;
  /** which the dialog leads with: the dates, or the room */
  mode: 'dates' | 'room';
  onClose: () => void;
}) {
  const { t } = useLingui();
  const rooms = useQuery(deskQueries.rooms());
  const change = useChangeBookingStay();
  const [room, setRoom] = useState(stay.room_id);
  const [from, setFrom] = useState(stay.check_in_date);
  const [to, setTo] = useState(stay.check_out_date);
  const [notify, setNotify] = useState(true);
  const inHouse = stay.status === 'checked_in';
  const unchanged = room === stay.room_id && from === stay.check_in_date && to === stay.check_out_date;
  const quote = useQuery({
    ...deskQueries.change({ booking: stay.id, room, from, to }),
    enabled: !unchanged && Boolean(room && from && to && to > from),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (unchanged || !quote.data) return;
    change.mutate(
      { booking: stay.id, room, from, to, notify },
      {
        onSuccess: () => {
          toastSuccess(t`Stay ${stay.reference} changed`, notify ? t`The guest is told by e-mail.` : undefined);
          onClose();
        },
      },
    );
  }

  const difference = quote.data?.difference_cents ?? 0;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{mode === 'room' ? <Trans>Move room</Trans> : <Trans>Change dates</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>
              {stay.guest_name}, {stay.reference}. The stay is priced again as a new request of it would be.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label={t`Change the stay`}>
          <Field id="change-room" label={t`Room`}>
            <FieldControl>
              <NativeSelect
                value={room}
                autoFocus={mode === 'room'}
                onChange={(event) => setRoom(event.target.value)}
                options={(rooms.data ?? []).map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.room_number} · ${candidate.name}`,
                }))}
              />
            </FieldControl>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="change-from"
              label={t`Check-in`}
              type="date"
              value={from}
              disabled={inHouse}
              hint={inHouse ? t`The guest is in: the arrival stays.` : undefined}
              onChange={(event) => {
                const next = event.target.value;
                setFrom(next);
                if (next && to <= next) setTo(addDaysISO(next, 1));
              }}
            />
            <InputField
              id="change-to"
              label={t`Check-out`}
              type="date"
              value={to}
              min={from ? addDaysISO(from, 1) : undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>

          <section aria-label={t`Difference`} aria-live="polite" className="rounded-md border p-3 text-sm">
            {unchanged ? (
              <p className="text-muted-foreground">
                <Trans>Choose other dates or another room to see the new price.</Trans>
              </p>
            ) : quote.isPending ? (
              <p className="text-muted-foreground">
                <Trans>Pricing the new stay…</Trans>
              </p>
            ) : quote.isError ? (
              <p className="text-destructive" role="alert">
                {refusalMessage(quote.error) ?? t`The new price could not be loaded.`}
              </p>
            ) : (
              <dl className="grid grid-cols-2 gap-1" data-testid="change-difference">
                <dt className="text-muted-foreground">
                  <Trans>Total before</Trans>
                </dt>
                <dd className="text-right text-muted-foreground">{formatEuro(quote.data.before.total_cents / 100)}</dd>
                <dt>
                  <Trans>New total</Trans>
                </dt>
                <dd className="text-right font-semibold">{formatEuro(quote.data.after.total_cents / 100)}</dd>
                <dt>{difference >= 0 ? <Trans>Difference</Trans> : <Trans>Less</Trans>}</dt>
                <dd className="text-right">
                  {difference >= 0 ? '+' : '−'}
                  {formatEuro(Math.abs(difference) / 100)}
                </dd>
                {quote.data.charge_cents > 0 && (
                  <p className="col-span-2 pt-1">
                    <Trans>To charge more: {formatEuro(quote.data.charge_cents / 100)}, on the folio.</Trans>
                  </p>
                )}
                {quote.data.refund_cents > 0 && (
                  <p className="col-span-2 pt-1">
                    <Trans>
                      To refund per the cancellation policy: {formatEuro(quote.data.refund_cents / 100)}, from the
                      folio.
                    </Trans>
                  </p>
                )}
                {quote.data.kept_cents > 0 && (
                  <p className="col-span-2 pt-1">
                    <Trans>
                      Kept per the cancellation policy: {formatEuro(quote.data.kept_cents / 100)} (stays charged).
                    </Trans>
                  </p>
                )}
              </dl>
            )}
          </section>

          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={notify}
              onChange={(event) => setNotify(event.target.checked)}
            />
            <Trans>E-mail the guest the new terms</Trans>
          </label>

          {change.isError && (
            <p className="rounded-md bg-destructive/10 p-3 text-sm text-destructive" role="alert">
              {refusalMessage(change.error) ?? t`The change could not be saved.`}
            </p>
          )}
          <DialogActions
            label={<Trans>Save change</Trans>}
            pendingLabel={<Trans>Saving…</Trans>}
            pending={change.isPending}
            disabled={unchanged || !quote.data}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
