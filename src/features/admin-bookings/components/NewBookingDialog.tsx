import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
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
import { Field, FieldControl, InputField, TextareaField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { addDaysISO, todayISO } from '@/lib/dates';
import { refusalMessage, wordRefusal } from '@/lib/postgrest-error';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';
import { deskQueries, useCreateDeskBooking, type ExtraChoice } from '../api/desk';
import {
  centsFromEuros,
  DESK_SOURCES,
  GUEST_LANGUAGES,
  type DeskSource,
  type GuestLanguage,
} from '@/lib/new-booking-link';
import { useDeskLabels } from './desk-labels';

interface Prefill {
  room: string;
  from: string;
  to: string;
}

/**
 * A booking taken by hand (a call, an e-mail, a walk-in, a channel's booking typed in): priced by the
 * guest's own quote (quote_stay) as the fields change, saved by create_desk_booking, which checks and
 * prices it again on the server. The database refuses nights already taken, in its own words.
 */
export function NewBookingDialog({
  open,
  onOpenChange,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill: Prefill;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* mounted per opening: the fields start again from the prefill */}
        {open && <NewBookingForm prefill={prefill} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function NewBookingForm({ prefill, onDone }: { prefill: Prefill; onDone: () => void }) {
  const { t } = useLingui();
  const labels = useDeskLabels();
  const rooms = useQuery(deskQueries.rooms());
  const services = useQuery(deskQueries.services());
  const create = useCreateDeskBooking();

  const today = todayISO();
  const [room, setRoom] = useState(prefill.room);
  const [from, setFrom] = useState(prefill.from || today);
  const [to, setTo] = useState(prefill.to || addDaysISO(prefill.from || today, 1));
  const [guests, setGuests] = useState(2);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [language, setLanguage] = useState<GuestLanguage>('it');
  const [source, setSource] = useState<DeskSource>('phone');
  const [ratePlan, setRatePlan] = useState('flexible');
  const [extras, setExtras] = useState<ExtraChoice[]>([]);
  const [notes, setNotes] = useState('');
  const [status, setStatus] = useState<'confirmed' | 'pending'>('confirmed');
  const [holdHours, setHoldHours] = useState('24');
  const [override, setOverride] = useState(false);
  const [total, setTotal] = useState('');
  const [reason, setReason] = useState('');
  const [paid, setPaid] = useState<'' | 'cash' | 'card'>('');
  const [sendLink, setSendLink] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const quote = useQuery(deskQueries.quote({ room, from, to, guests, ratePlan, extras }));
  const problems = (quote.data?.problems ?? []).filter((problem) => problem.message);
  const pricedCents = quote.data?.total_cents ?? null;
  const chosenRoom = rooms.data?.find((candidate) => candidate.id === room);

  function toggleExtra(serviceId: string, on: boolean) {
    setExtras((current) =>
      on ? [...current, { service_id: serviceId, quantity: 1 }] : current.filter((e) => e.service_id !== serviceId),
    );
  }

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!room) found.room = t`Choose a room`;
    if (!from) found.from = t`Choose the arrival day`;
    if (!to || to <= from) found.to = t`Check-out date must be after check-in date.`;
    if (!name.trim()) found.name = t`Enter the guest's name`;
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) found.email = t`Enter a valid e-mail address`;
    if (override) {
      if (centsFromEuros(total) === null) found.total = t`Enter the total in euros, e.g. 240 or 240,50`;
      if (!reason.trim()) found.reason = t`Say why the total differs from the price`;
    }
    if (status === 'pending') {
      const hours = Number.parseInt(holdHours, 10);
      if (!(hours >= 1 && hours <= 720)) found.hold = t`A hold lasts 1 to 720 hours`;
    }
    return found;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const paidMethod = status === 'confirmed' && paid ? paid : null;
    create.mutate(
      {
        room,
        from,
        to,
        guests,
        name: name.trim(),
        email: email.trim(),
        phone: phone.trim(),
        language,
        source,
        ratePlan,
        extras,
        notes,
        status,
        holdHours: status === 'pending' ? Number.parseInt(holdHours, 10) : null,
        totalCents: override ? centsFromEuros(total) : null,
        overrideReason: override ? reason.trim() : '',
        sendLink: sendLink && !paidMethod,
        paidMethod,
      },
      {
        onSuccess: (result) => {
          toastSuccess(
            t`Booking ${result.reference} saved`,
            result.link_sent ? t`The guest's private link is on its way.` : undefined,
          );
          onDone();
        },
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>New booking</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            A booking taken by phone, by e-mail, at the door or from a channel. It is priced as the guest's own request
            would be, with the same stay rules.
          </Trans>
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} className="space-y-5" noValidate aria-label={t`New booking`}>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">
            <Trans>Stay</Trans>
          </legend>
          <Field id="desk-room" label={t`Room`} error={errors.room} className="sm:col-span-2">
            <FieldControl>
              <NativeSelect
                value={room}
                onChange={(event) => setRoom(event.target.value)}
                options={(rooms.data ?? []).map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.room_number} · ${candidate.name}`,
                }))}
              >
                <option value="">{rooms.isPending ? t`Loading rooms…` : t`Choose a room`}</option>
              </NativeSelect>
            </FieldControl>
          </Field>
          <InputField
            id="desk-from"
            label={t`Check-in`}
            type="date"
            value={from}
            error={errors.from}
            onChange={(event) => {
              const next = event.target.value;
              setFrom(next);
              if (next && (!to || to <= next)) setTo(addDaysISO(next, 1));
            }}
          />
          <InputField
            id="desk-to"
            label={t`Check-out`}
            type="date"
            value={to}
            min={from ? addDaysISO(from, 1) : undefined}
            error={errors.to}
            onChange={(event) => setTo(event.target.value)}
          />
          <Field id="desk-guests" label={t`Guests`}>
            <FieldControl>
              <NativeSelect
                value={guests}
                onChange={(event) => setGuests(Number(event.target.value))}
                options={Array.from({ length: chosenRoom?.max_guests ?? 8 }, (_, i) => ({
                  value: i + 1,
                  label: String(i + 1),
                }))}
              />
            </FieldControl>
          </Field>
          <Field id="desk-rate" label={t`Rate`}>
            <FieldControl>
              <NativeSelect
                value={ratePlan}
                onChange={(event) => setRatePlan(event.target.value)}
                options={[
                  { value: 'flexible', label: t`Flexible` },
                  { value: 'non_refundable', label: t`Non-refundable` },
                ]}
              />
            </FieldControl>
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">
            <Trans>Guest</Trans>
          </legend>
          <InputField
            id="desk-name"
            label={t`Guest name`}
            value={name}
            maxLength={100}
            autoComplete="off"
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <InputField
            id="desk-email"
            label={t`E-mail`}
            type="email"
            value={email}
            maxLength={254}
            autoComplete="off"
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <InputField
            id="desk-phone"
            label={t`Phone (optional)`}
            type="tel"
            value={phone}
            maxLength={20}
            autoComplete="off"
            onChange={(event) => setPhone(event.target.value)}
          />
          <Field id="desk-language" label={t`Guest's language`}>
            <FieldControl>
              <NativeSelect
                value={language}
                onChange={(event) => setLanguage(event.target.value as GuestLanguage)}
                options={GUEST_LANGUAGES.map((code) => ({ value: code, label: labels.language(code) }))}
              />
            </FieldControl>
          </Field>
          <Field id="desk-source" label={t`Source`}>
            <FieldControl>
              <NativeSelect
                value={source}
                onChange={(event) => setSource(event.target.value as DeskSource)}
                options={DESK_SOURCES.map((code) => ({ value: code, label: labels.source(code) }))}
              />
            </FieldControl>
          </Field>
          <Field id="desk-status" label={t`Status`}>
            <FieldControl>
              <NativeSelect
                value={status}
                onChange={(event) => setStatus(event.target.value as 'confirmed' | 'pending')}
                options={[
                  { value: 'confirmed', label: t`Confirmed` },
                  { value: 'pending', label: t`Pending, with a hold` },
                ]}
              />
            </FieldControl>
          </Field>
          {status === 'pending' && (
            <InputField
              id="desk-hold"
              label={t`Hold (hours)`}
              type="number"
              min={1}
              max={720}
              value={holdHours}
              error={errors.hold}
              onChange={(event) => setHoldHours(event.target.value)}
            />
          )}
          <TextareaField
            id="desk-notes"
            label={t`Notes (optional)`}
            className="sm:col-span-2"
            value={notes}
            maxLength={1000}
            rows={2}
            onChange={(event) => setNotes(event.target.value)}
          />
        </fieldset>

        {(services.data ?? []).length > 0 && (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-semibold">
              <Trans>Extras</Trans>
            </legend>
            {services.data!.map((service) => {
              const chosen = extras.find((extra) => extra.service_id === service.id);
              return (
                <div key={service.id} className="flex flex-wrap items-center gap-3 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={Boolean(chosen)}
                      onChange={(event) => toggleExtra(service.id, event.target.checked)}
                    />
                    {service.name} · {formatEuro(service.price)}
                  </label>
                  {chosen && (
                    <label className="flex items-center gap-1 text-muted-foreground">
                      <Trans>Quantity</Trans>
                      <input
                        type="number"
                        min={1}
                        max={20}
                        value={chosen.quantity}
                        className="h-8 w-16 rounded-md border bg-background px-2"
                        onChange={(event) =>
                          setExtras((current) =>
                            current.map((extra) =>
                              extra.service_id === service.id
                                ? { ...extra, quantity: Math.max(1, Math.min(20, Number(event.target.value) || 1)) }
                                : extra,
                            ),
                          )
                        }
                      />
                    </label>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}

        <section aria-label={t`Price`} className="space-y-3 rounded-md border p-3 text-sm" aria-live="polite">
          {!room || !from || !to || to <= from ? (
            <p className="text-muted-foreground">
              <Trans>Choose a room and the dates to see the price.</Trans>
            </p>
          ) : quote.isPending ? (
            <p className="text-muted-foreground">
              <Trans>Pricing the stay…</Trans>
            </p>
          ) : quote.isError ? (
            <p className="text-destructive" role="alert">
              {refusalMessage(quote.error) ?? t`The price could not be loaded.`}
            </p>
          ) : (
            <>
              {problems.length > 0 && (
                <ul className="space-y-1 text-destructive" role="alert">
                  {problems.map((problem) => (
                    <li key={problem.code}>
                      {wordRefusal({
                        code: problem.code ?? '',
                        message: problem.message ?? '',
                        details: problem.details,
                      })}
                    </li>
                  ))}
                </ul>
              )}
              <dl className="grid grid-cols-2 gap-1" data-testid="desk-price">
                <dt>
                  <Trans>Total</Trans>
                </dt>
                <dd className="text-right font-semibold">{formatEuro((pricedCents ?? 0) / 100)}</dd>
                <dt className="text-muted-foreground">
                  <Trans>Deposit</Trans>
                </dt>
                <dd className="text-right text-muted-foreground">
                  {formatEuro((quote.data?.deposit_cents ?? 0) / 100)}
                </dd>
              </dl>
            </>
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={override}
              onChange={(event) => setOverride(event.target.checked)}
            />
            <Trans>Change the total</Trans>
          </label>
          {override && (
            <div className="grid gap-3 sm:grid-cols-2">
              <InputField
                id="desk-total"
                label={t`Total (€)`}
                inputMode="decimal"
                value={total}
                error={errors.total}
                onChange={(event) => setTotal(event.target.value)}
              />
              <InputField
                id="desk-reason"
                label={t`Reason (kept in the audit trail)`}
                value={reason}
                maxLength={200}
                error={errors.reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          )}
        </section>

        <fieldset className="space-y-2 text-sm">
          <legend className="mb-2 text-sm font-semibold">
            <Trans>Payment and link</Trans>
          </legend>
          {status === 'confirmed' && (
            <Field id="desk-paid" label={t`Paid at the desk now`}>
              <FieldControl>
                <NativeSelect
                  value={paid}
                  onChange={(event) => setPaid(event.target.value as '' | 'cash' | 'card')}
                  options={[
                    { value: '', label: t`Not yet` },
                    { value: 'cash', label: t`In full, in cash` },
                    { value: 'card', label: t`In full, by card` },
                  ]}
                />
              </FieldControl>
            </Field>
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={sendLink && !(status === 'confirmed' && paid)}
              disabled={status === 'confirmed' && Boolean(paid)}
              onChange={(event) => setSendLink(event.target.checked)}
            />
            <Trans>E-mail the guest the private link with the pay-the-deposit button, in the guest's language</Trans>
          </label>
        </fieldset>

        {create.isError && (
          <p className="rounded-md bg-destructive/10 p-3 text-sm text-destructive" role="alert">
            {refusalMessage(create.error) ?? t`The booking could not be saved.`}
          </p>
        )}

        <DialogActions
          label={<Trans>Save booking</Trans>}
          pendingLabel={<Trans>Saving…</Trans>}
          pending={create.isPending}
          onCancel={onDone}
        />
      </form>
    </>
  );
}
