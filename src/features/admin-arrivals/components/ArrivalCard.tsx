import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Loader2, Pencil, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { GuestFieldset } from '@/lib/checkin/GuestFieldset';
import {
  checkGuests,
  formGuests,
  guestPayload,
  serverGuestErrors,
  type GuestErrors,
  type GuestValues,
  type ServerGuest,
} from '@/lib/checkin/guests';
import { placeLabel } from '@/lib/checkin/PlacePicker';
import { todayISO } from '@/lib/dates';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  arrivalsKeys,
  searchPlaces,
  useCheckInBooking,
  useRecordCityTax,
  useSaveBookingGuests,
  useVerifyGuest,
} from '../api/arrivals';
import {
  deskState,
  guestTypeName,
  missingWords,
  moneyLine,
  type ArrivalBooking,
  type ArrivalsDay,
} from '../logic/arrivals';
import { dayName, euros, romeTime } from '../logic/days';
import { submissionWords, type PoliceSubmission } from '../logic/submissions';

const TONES = {
  done: 'bg-green-100 text-green-900',
  ready: 'bg-sky-100 text-sky-900',
  todo: 'bg-amber-100 text-amber-900',
};

/** One stay arriving: its guests with missing fields flagged, the desk's corrections, verification and check-in. */
export function ArrivalCard({
  booking,
  day,
  submissions,
}: {
  booking: ArrivalBooking;
  day: ArrivalsDay;
  /** what Alloggiati Web answered for the day's checked-in stays (read once by the screen) */
  submissions?: PoliceSubmission[];
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [editing, setEditing] = useState(false);
  const checkIn = useCheckInBooking();
  const state = deskState(booking);
  const canCheckIn = booking.status === 'confirmed' && state.ready;
  const reference = booking.reference;
  const nights = booking.nights;
  const expected = booking.guests_expected;

  const onCheckIn = async () => {
    try {
      await checkIn.mutateAsync(booking.booking_id);
      toastSuccess(t`Checked in`, t`${reference}: report the guests to the police within the deadline.`);
    } catch (error) {
      toastFailure(t`Check-in failed`, refusalMessage(error) ?? t`Please try again.`, error);
    }
  };

  return (
    <Card data-testid={`arrival-${booking.reference}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div>
          <CardTitle className="text-lg">
            {booking.reference} · {booking.room_name}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {booking.guest_name} · {dayName(booking.check_in, locale)} → {dayName(booking.check_out, locale)} (
            {plural(nights, { one: '# night', other: '# nights' })}) ·{' '}
            {plural(expected, { one: '# guest', other: '# guests' })}
          </p>
          <p className="text-sm" data-testid={`arrival-money-${booking.reference}`}>
            {moneyLine(booking, locale)}
          </p>
          {booking.city_tax_open_cents > 0 && <CityTaxButtons booking={booking} />}
        </div>
        <span className={cn('rounded-full px-3 py-1 text-xs font-semibold', TONES[state.tone])}>{state.label}</span>
      </CardHeader>
      <CardContent className="space-y-4">
        {editing ? (
          <DeskEditor booking={booking} day={day} onDone={() => setEditing(false)} />
        ) : (
          <>
            {booking.guests.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No guest details entered yet.</Trans>
              </p>
            ) : (
              <ul className="divide-y rounded-md border">
                {booking.guests.map((guest) => (
                  <GuestRow
                    key={guest.id}
                    guest={guest}
                    locked={booking.status !== 'confirmed'}
                    submission={submissions?.find((row) => row.guest_id === guest.id)}
                  />
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-3">
              {booking.status === 'confirmed' && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> <Trans>Complete or correct</Trans>
                </Button>
              )}
              {booking.status === 'confirmed' && (
                <Button onClick={() => void onCheckIn()} disabled={!canCheckIn || checkIn.isPending}>
                  {checkIn.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                  <Trans>Check in</Trans>
                </Button>
              )}
              {booking.checked_in_at && (
                <p className="flex items-center gap-2 text-sm text-green-800">
                  <CheckCircle2 className="h-4 w-4" aria-hidden="true" />{' '}
                  <Trans>Checked in {romeTime(booking.checked_in_at, locale)}</Trans>
                </p>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function GuestRow({
  guest,
  locked,
  submission,
}: {
  guest: ServerGuest;
  locked: boolean;
  submission: PoliceSubmission | undefined;
}) {
  const { t, i18n } = useLingui();
  const verify = useVerifyGuest();
  const answer = submissionWords(submission);
  const name = [guest.surname, guest.given_names].filter(Boolean).join(' ') || t`Unnamed guest`;
  const birthDay = guest.birth_date ? dayName(guest.birth_date, i18n.locale) : null;
  const birthState = guest.birth_state ? placeLabel(guest.birth_state, i18n.locale) : null;
  const citizenship = guest.citizenship ? placeLabel(guest.citizenship, i18n.locale) : null;
  const birth = [birthDay, guest.birth_comune ? placeLabel(guest.birth_comune) : birthState].filter(Boolean).join(', ');
  const document = guest.document_type
    ? `${guest.document_type} ${guest.document_number ?? (guest.document_number_erased ? t`(erased)` : '')}`
    : null;
  const onVerify = async (verified: boolean) => {
    try {
      await verify.mutateAsync({ guestId: guest.id, verified });
    } catch (error) {
      toastFailure(t`Could not record the verification`, refusalMessage(error) ?? t`Please try again.`, error);
    }
  };
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="desk-guest">
      <div className="space-y-0.5">
        <p className="font-medium">
          {name}{' '}
          <Badge variant="outline" className="ml-1">
            {guestTypeName(guest.guest_type)}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">{[birth, citizenship, document].filter(Boolean).join(' · ')}</p>
        {guest.missing.length > 0 && (
          <p className="text-sm font-medium text-amber-800">
            <Trans>Missing: {missingWords(guest.missing)}</Trans>
          </p>
        )}
        {answer && (
          <p
            className={
              answer.tone === 'done' ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive'
            }
            data-testid="police-answer"
          >
            {answer.text}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <ShieldCheck className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <Trans>Identity verified in person</Trans>
        <Switch
          checked={!!guest.verified_at}
          disabled={locked || verify.isPending}
          onCheckedChange={(checked) => void onVerify(checked)}
          aria-label={t`Identity of ${name} verified in person`}
        />
      </label>
    </li>
  );
}

/** The stay's guests in the shared check-in form, saved together (the same checks as the guest's form). */
function DeskEditor({ booking, day, onDone }: { booking: ArrivalBooking; day: ArrivalsDay; onDone: () => void }) {
  const { t } = useLingui();
  const [guests, setGuests] = useState<GuestValues[]>(() => formGuests(booking.guests, booking.guests_expected));
  const [errors, setErrors] = useState<GuestErrors>({});
  const save = useSaveBookingGuests();
  const missingOf = (index: number) => booking.guests[index]?.missing ?? [];

  const onSave = async () => {
    const found = checkGuests(guests, booking.guests_expected, todayISO());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ bookingId: booking.booking_id, guests: guestPayload(guests) });
      toastSuccess(t`Guests saved`);
      onDone();
    } catch (error) {
      const fields = serverGuestErrors(error as { code?: string; hint?: string; details?: string });
      if (fields) setErrors(fields);
      else toastFailure(t`Guests not saved`, refusalMessage(error) ?? t`Please try again.`, error);
    }
  };

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      {guests.map((guest, index) => (
        <GuestFieldset
          key={guest.id ?? `new-${index}`}
          index={index}
          value={guest}
          onChange={(next) => setGuests((list) => list.map((g, i) => (i === index ? next : g)))}
          errors={errors}
          searchPlaces={searchPlaces}
          documentTypes={day.document_types}
          queryKey={arrivalsKeys.places()}
          flagMissing={missingOf(index)}
          legend={t`Guest ${index + 1}`}
        />
      ))}
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          <Trans>Save guests</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The city tax still open, taken at the desk in cash or by card: one line on the stay's folio. */
function CityTaxButtons({ booking }: { booking: ArrivalBooking }) {
  const { t, i18n } = useLingui();
  const record = useRecordCityTax();
  const amount = euros(booking.city_tax_open_cents, i18n.locale);
  const reference = booking.reference;
  // the buttons leave with the tax once it is recorded: the toast follows the promise, not the component
  const take = (method: 'cash' | 'card') =>
    record.mutateAsync({ bookingId: booking.booking_id, cents: booking.city_tax_open_cents, method }).then(
      () => toastSuccess(t`City tax recorded`, t`${amount} on the folio of ${reference}`),
      (error: unknown) => toastFailure(t`Error`, refusalMessage(error) ?? t`Failed to record the city tax.`, error),
    );
  return (
    <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={t`City tax of ${reference}`}>
      <Button size="sm" variant="outline" disabled={record.isPending} onClick={() => void take('cash')}>
        <Trans>City tax {amount} in cash</Trans>
      </Button>
      <Button size="sm" variant="outline" disabled={record.isPending} onClick={() => void take('card')}>
        <Trans>City tax {amount} by card</Trans>
      </Button>
    </div>
  );
}
