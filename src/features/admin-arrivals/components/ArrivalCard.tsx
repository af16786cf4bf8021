import { useQuery } from '@tanstack/react-query';
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
import { cn, formatEuro } from '@/lib/utils';
import {
  arrivalsKeys,
  searchPlaces,
  useCheckInBooking,
  useRecordCityTax,
  useSaveBookingGuests,
  useVerifyGuest,
} from '../api/arrivals';
import { deskState, missingWords, moneyLine, type ArrivalBooking, type ArrivalsDay } from '../logic/arrivals';
import { paperworkQueries } from '../api/paperwork';
import { submissionWords, type PoliceSubmission } from '../logic/submissions';

const TONES = {
  done: 'bg-green-100 text-green-900',
  ready: 'bg-sky-100 text-sky-900',
  todo: 'bg-amber-100 text-amber-900',
};
const TYPE_NAMES: Record<number, string> = {
  16: 'Single guest',
  17: 'Head of family',
  18: 'Head of group',
  19: 'Family member',
  20: 'Group member',
};

/** One stay arriving: its guests with missing fields flagged, the desk's corrections, verification and check-in. */
export function ArrivalCard({ booking, day }: { booking: ArrivalBooking; day: ArrivalsDay }) {
  const [editing, setEditing] = useState(false);
  const checkIn = useCheckInBooking();
  const state = deskState(booking);
  // what Alloggiati Web answered for each guest, once the stay is checked in
  const submissions = useQuery({
    ...paperworkQueries.stays([booking.booking_id]),
    enabled: booking.status !== 'confirmed',
  });
  const canCheckIn = booking.status === 'confirmed' && state.label === 'Ready to check in';

  const onCheckIn = async () => {
    try {
      await checkIn.mutateAsync(booking.booking_id);
      toastSuccess('Checked in', `${booking.reference}: report the guests to the police within the deadline.`);
    } catch (error) {
      toastFailure('Check-in failed', refusalMessage(error) ?? 'Please try again.', error);
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
            {booking.guest_name} · {booking.check_in} → {booking.check_out} ({booking.nights}{' '}
            {booking.nights === 1 ? 'night' : 'nights'}) · {booking.guests_expected}{' '}
            {booking.guests_expected === 1 ? 'guest' : 'guests'}
          </p>
          <p className="text-sm" data-testid={`arrival-money-${booking.reference}`}>
            {moneyLine(booking)}
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
              <p className="text-sm text-muted-foreground">No guest details entered yet.</p>
            ) : (
              <ul className="divide-y rounded-md border">
                {booking.guests.map((guest) => (
                  <GuestRow
                    key={guest.id}
                    guest={guest}
                    locked={booking.status !== 'confirmed'}
                    submission={submissions.data?.find((row) => row.guest_id === guest.id)}
                  />
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-3">
              {booking.status === 'confirmed' && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Complete or correct
                </Button>
              )}
              {booking.status === 'confirmed' && (
                <Button onClick={() => void onCheckIn()} disabled={!canCheckIn || checkIn.isPending}>
                  {checkIn.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                  Check in
                </Button>
              )}
              {booking.checked_in_at && (
                <p className="flex items-center gap-2 text-sm text-green-800">
                  <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> Checked in{' '}
                  {new Date(booking.checked_in_at).toLocaleString('en-GB', { timeZone: 'Europe/Rome' })}
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
  const verify = useVerifyGuest();
  const answer = submissionWords(submission);
  const name = [guest.surname, guest.given_names].filter(Boolean).join(' ') || 'Unnamed guest';
  const birth = [guest.birth_date, guest.birth_comune ? placeLabel(guest.birth_comune) : guest.birth_state?.name]
    .filter(Boolean)
    .join(', ');
  const document = guest.document_type
    ? `${guest.document_type} ${guest.document_number ?? (guest.document_number_erased ? '(erased)' : '')}`
    : null;
  const onVerify = async (verified: boolean) => {
    try {
      await verify.mutateAsync({ guestId: guest.id, verified });
    } catch (error) {
      toastFailure('Could not record the verification', refusalMessage(error) ?? 'Please try again.', error);
    }
  };
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="desk-guest">
      <div className="space-y-0.5">
        <p className="font-medium">
          {name}{' '}
          <Badge variant="outline" className="ml-1">
            {guest.guest_type ? TYPE_NAMES[guest.guest_type] : 'Relation missing'}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {[birth, guest.citizenship?.name, document].filter(Boolean).join(' · ')}
        </p>
        {guest.missing.length > 0 && (
          <p className="text-sm font-medium text-amber-800">Missing: {missingWords(guest.missing)}</p>
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
        Identity verified in person
        <Switch
          checked={!!guest.verified_at}
          disabled={locked || verify.isPending}
          onCheckedChange={(checked) => void onVerify(checked)}
          aria-label={`Identity of ${name} verified in person`}
        />
      </label>
    </li>
  );
}

/** The stay's guests in the shared check-in form, saved together (the same checks as the guest's form). */
function DeskEditor({ booking, day, onDone }: { booking: ArrivalBooking; day: ArrivalsDay; onDone: () => void }) {
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
      toastSuccess('Guests saved');
      onDone();
    } catch (error) {
      const fields = serverGuestErrors(error as { code?: string; hint?: string; details?: string });
      if (fields) setErrors(fields);
      else toastFailure('Guests not saved', refusalMessage(error) ?? 'Please try again.', error);
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
          legend={`Guest ${index + 1}`}
        />
      ))}
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          Save guests
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The city tax still open, taken at the desk in cash or by card: one line on the stay's folio. */
function CityTaxButtons({ booking }: { booking: ArrivalBooking }) {
  const record = useRecordCityTax();
  const amount = formatEuro(booking.city_tax_open_cents / 100);
  // the buttons leave with the tax once it is recorded: the toast follows the promise, not the component
  const take = (method: 'cash' | 'card') =>
    record.mutateAsync({ bookingId: booking.booking_id, cents: booking.city_tax_open_cents, method }).then(
      () => toastSuccess('City tax recorded', `${amount} on ${booking.reference}'s folio`),
      (error: unknown) => toastFailure('Error', refusalMessage(error) ?? 'Failed to record the city tax.', error),
    );
  return (
    <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`City tax of ${booking.reference}`}>
      <Button size="sm" variant="outline" disabled={record.isPending} onClick={() => void take('cash')}>
        City tax {amount} in cash
      </Button>
      <Button size="sm" variant="outline" disabled={record.isPending} onClick={() => void take('card')}>
        City tax {amount} by card
      </Button>
    </div>
  );
}
