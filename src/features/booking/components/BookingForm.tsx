import { Loader2, MessageCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showToast, toastFailure, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { todayISO } from '@/lib/dates';
import { useContactInfo } from '@/lib/site-content';
import { formatEuro } from '@/lib/utils';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { bookableRooms } from '@/lib/public-rooms/offers';
import { useRequestBooking } from '../api/booking';
import { EMAIL_ON_ITS_WAY, handOffUrl, openWhatsApp } from '../logic/handoff';
import { stayTotals } from '../logic/pricing';
import {
  BOOKING_LIMITS,
  bookingErrorToast,
  bookingFormSchema,
  canSubmitBookingForm,
  emptyBookingFormValues,
  formDateBounds,
  FORM_GUESTS,
  type BookingFormValues,
} from '../logic/schemas';
import { GuestDetailsFields } from './GuestDetailsFields';
import { StaySummary } from './StaySummary';

const guestOptions = Array.from({ length: FORM_GUESTS.max - FORM_GUESTS.min + 1 }, (_, i) => FORM_GUESTS.min + i);

/** What the submit button still waits for, in the form's order (the button says it under itself). */
const REQUIRED_FIELDS: { key: keyof BookingFormValues; label: string }[] = [
  { key: 'checkIn', label: 'check-in date' },
  { key: 'checkOut', label: 'check-out date' },
  { key: 'roomId', label: 'room' },
  { key: 'name', label: 'full name' },
  { key: 'email', label: 'email' },
];

/** The on-page booking form (#booking): records the request, then hands it to WhatsApp. */
export default function BookingForm() {
  const today = todayISO();
  const rooms = usePublicRooms();
  const contact = useContactInfo();
  const choices = useMemo(() => bookableRooms(rooms.data), [rooms.data]);
  const requestBooking = useRequestBooking();

  const { register, handleSubmit, control, reset, setValue } = useForm<BookingFormValues>({
    defaultValues: emptyBookingFormValues(),
  });
  const values = useWatch({ control }) as Partial<BookingFormValues>;
  const selected = choices.find((room) => room.id === values.roomId);
  const totals = stayTotals(selected?.price_per_night, values.checkIn, values.checkOut);
  const bounds = formDateBounds(values.checkIn ?? '', today);
  const requestsLength = values.specialRequests?.length ?? 0;
  const busy = requestBooking.isPending;
  const missing = canSubmitBookingForm(values)
    ? []
    : REQUIRED_FIELDS.filter((field) => !String(values[field.key] ?? '').trim()).map((field) => field.label);

  const onSubmit = async (raw: BookingFormValues) => {
    const parsed = bookingFormSchema(
      today,
      choices.map((room) => room.id),
    ).safeParse(raw);
    if (!parsed.success) {
      showToast(bookingErrorToast(parsed.error.issues[0]?.message));
      return;
    }
    const form = parsed.data;
    const room = choices.find((candidate) => candidate.id === form.roomId)!;
    const input = {
      roomId: room.id,
      checkIn: form.checkIn,
      checkOut: form.checkOut,
      guests: Number(form.guests),
      name: form.name,
      email: form.email,
      phone: form.phone || null,
      specialRequests: form.specialRequests || null,
    };
    try {
      const result = await requestBooking.mutateAsync(input);
      openWhatsApp(
        handOffUrl(contact.whatsapp, { ...input, roomName: room.name, roomNumber: room.room_number }, result),
      );
      toastSuccess(
        'Opening WhatsApp',
        `Redirecting to WhatsApp to complete your booking request. Total: ${formatEuro(result.total_amount)}. ${EMAIL_ON_ITS_WAY}`,
      );
      reset(emptyBookingFormValues());
    } catch (error) {
      console.error('Error creating booking request:', error);
      const message =
        error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
      toastFailure('Booking Error', message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} className="grid gap-5" aria-busy={busy} aria-label="Booking request">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="bf-check-in" label="Check-in Date">
          <Input
            id="bf-check-in"
            type="date"
            min={bounds.checkInMin}
            aria-required="true"
            {...register('checkIn', {
              onChange: (event) => {
                const next = event.target.value as string;
                if (values.checkOut && next && values.checkOut < next) setValue('checkOut', '');
              },
            })}
          />
        </FormField>
        <FormField id="bf-check-out" label="Check-out Date">
          <Input
            id="bf-check-out"
            type="date"
            min={bounds.checkOutMin}
            aria-required="true"
            {...register('checkOut')}
          />
        </FormField>
        <FormField id="bf-guests" label="Guests">
          <NativeSelect id="bf-guests" {...register('guests')}>
            {guestOptions.map((n) => (
              <option key={n} value={String(n)}>
                {n} {n === 1 ? 'Guest' : 'Guests'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="bf-room" label="Room">
          <NativeSelect id="bf-room" aria-required="true" {...register('roomId')}>
            <option value="">{rooms.isPending ? 'Loading rooms…' : 'Select a room'}</option>
            {choices.map((room) => (
              <option key={room.id} value={room.id}>
                {room.name} – {formatEuro(room.price_per_night)} / night
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <GuestDetailsFields idPrefix="bf" register={register} phoneClassName="sm:col-span-2" />
        <FormField id="bf-requests" label="Special Requests (optional)" className="sm:col-span-2">
          <Textarea
            id="bf-requests"
            rows={4}
            maxLength={BOOKING_LIMITS.specialRequests}
            aria-describedby="bf-requests-count"
            {...register('specialRequests')}
          />
          <p id="bf-requests-count" className="text-right text-xs text-muted-foreground">
            {requestsLength}/{BOOKING_LIMITS.specialRequests}
          </p>
        </FormField>
      </div>

      <StaySummary totals={totals} />

      <Button
        type="submit"
        size="lg"
        disabled={busy || !canSubmitBookingForm(values)}
        aria-describedby="bf-missing"
        className="w-full"
      >
        {busy ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
        )}
        Send Booking Request
      </Button>
      {/* the spec keeps the button disabled until the required fields are set: say which are missing */}
      <p id="bf-missing" className="-mt-3 min-h-5 text-center text-sm text-muted-foreground" aria-live="polite">
        {missing.length > 0 && `Missing information: ${missing.join(', ')}.`}
      </p>
      <p className="text-center text-xs text-muted-foreground">
        Your request is sent to us on WhatsApp; nothing is charged now.
      </p>
    </form>
  );
}
