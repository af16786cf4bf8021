import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, MessageCircle } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { todayISO } from '@/lib/dates';
import { useFormatters } from '@/lib/i18n/format';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { bookableRooms } from '@/lib/public-rooms/offers';
import {
  BOOKING_LIMITS,
  bookingErrorToast,
  bookingFormSchema,
  canSubmitBookingForm,
  emptyBookingFormValues,
  FORM_GUESTS,
  type BookingFormValues,
} from '../logic/schemas';
import type { BookingRequestResult } from '../logic/quote';
import { emailOnItsWay } from '../logic/handoff';
import { blocksSending } from '../logic/quote';
import { useSendStayRequest, useStayOffer } from '../use-stay-request';
import { useStayExtras } from '../use-stay-extras';
import { DepositOffer } from './DepositOffer';
import { ExtrasPicker } from './ExtrasPicker';
import { GuestCountSelect, useGuestRange } from './GuestCountSelect';
import { RoomSelect } from './RoomSelect';
import { GuestDetailsFields } from './GuestDetailsFields';
import { PrivacyNote } from './PrivacyNote';
import { RatePlanChoice } from './RatePlanChoice';
import { StayDates } from './StayDates';
import { StaySummary } from './StaySummary';

/** What the submit button still waits for, in the form's order (the button says it under itself). */
const REQUIRED_FIELDS: readonly (keyof BookingFormValues)[] = ['checkIn', 'checkOut', 'roomId', 'name', 'email'];

/** The on-page booking form (#booking): records the request, then hands it to WhatsApp. */
export default function BookingForm() {
  const { t } = useLingui();
  const { euro } = useFormatters();
  const fieldNames: Partial<Record<keyof BookingFormValues, string>> = {
    checkIn: t`check-in date`,
    checkOut: t`check-out date`,
    roomId: t`room`,
    name: t`full name`,
    email: t`email`,
  };
  const today = todayISO();
  const rooms = usePublicRooms();
  const choices = useMemo(() => bookableRooms(rooms.data), [rooms.data]);
  const request = useSendStayRequest();
  const [requested, setRequested] = useState<BookingRequestResult | null>(null);

  const { register, handleSubmit, control, reset, setValue } = useForm<BookingFormValues>({
    defaultValues: emptyBookingFormValues(),
  });
  const values = useWatch({ control }) as Partial<BookingFormValues>;
  const extras = useStayExtras(Number(values.guests));
  const offer = useStayOffer(choices, {
    roomId: values.roomId ?? '',
    checkIn: values.checkIn ?? '',
    checkOut: values.checkOut ?? '',
    guests: Number(values.guests),
    ...extras.request,
  });
  const setGuests = useCallback((value: string) => setValue('guests', value), [setValue]);
  const roomMaxGuests = choices.find((room) => room.id === values.roomId)?.max_guests;
  const guestChoices = useGuestRange(FORM_GUESTS, roomMaxGuests, values.guests, setGuests);
  const requestsLength = values.specialRequests?.length ?? 0;
  const busy = request.busy;
  const refused = blocksSending(offer.quote);
  const missing = canSubmitBookingForm(values)
    ? []
    : REQUIRED_FIELDS.filter((key) => !String(values[key] ?? '').trim()).map((key) => fieldNames[key]);
  const missingList = missing.join(', ');

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
      ...extras.request,
    };
    const sent = await request.send(input, room, {
      success: (result) => {
        const total = euro(result.total_cents / 100);
        return `${t`Redirecting to WhatsApp to complete your booking request. Total: ${total}.`} ${emailOnItsWay()}`;
      },
      failureTitle: t`Booking Error`,
    });
    if (sent) {
      reset(emptyBookingFormValues());
      extras.reset();
      // after the spec's hand-off: the request's deposit, offered under the form
      setRequested(sent);
    }
  };

  return (
    <>
      <form onSubmit={handleSubmit(onSubmit)} className="grid gap-5" aria-busy={busy} aria-label={t`Booking request`}>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <StayDates
              idPrefix="bf"
              roomId={values.roomId || null}
              today={today}
              value={{ checkIn: values.checkIn ?? '', checkOut: values.checkOut ?? '' }}
              onChange={(next) => {
                setValue('checkIn', next.checkIn);
                setValue('checkOut', next.checkOut);
              }}
            />
          </div>
          <Field id="bf-guests" label={t`Guests`}>
            <FieldControl>
              <GuestCountSelect range={guestChoices} {...register('guests')} />
            </FieldControl>
          </Field>
          <Field id="bf-room" label={t`Room`}>
            <FieldControl>
              <RoomSelect loading={rooms.isPending} options={offer.options} {...register('roomId')} />
            </FieldControl>
          </Field>
          <GuestDetailsFields idPrefix="bf" register={register} phoneClassName="sm:col-span-2" />
          <Field id="bf-requests" label={t`Special Requests (optional)`} className="sm:col-span-2">
            <FieldControl>
              <Textarea
                rows={4}
                maxLength={BOOKING_LIMITS.specialRequests}
                aria-describedby="bf-requests-count"
                {...register('specialRequests')}
              />
            </FieldControl>
            <p id="bf-requests-count" className="text-right text-xs text-muted-foreground">
              {requestsLength}/{BOOKING_LIMITS.specialRequests}
            </p>
          </Field>
        </div>

        <ExtrasPicker idPrefix="bf" extras={extras} />
        <RatePlanChoice idPrefix="bf" quote={offer.quote} extras={extras} />
        <StaySummary quote={offer.quote} />
        <PrivacyNote />

        <Button
          type="submit"
          size="lg"
          disabled={busy || refused || !canSubmitBookingForm(values)}
          aria-describedby="bf-missing"
          className="w-full"
        >
          {busy ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
          )}
          <Trans>Send Booking Request</Trans>
        </Button>
        {/* the spec keeps the button disabled until the required fields are set: say which are missing */}
        <p id="bf-missing" className="-mt-3 min-h-5 text-center text-sm text-muted-foreground" aria-live="polite">
          {missing.length > 0 && t`Missing information: ${missingList}.`}
        </p>
        <p className="text-center text-xs text-muted-foreground">
          <Trans>Your request is sent to us on WhatsApp; nothing is charged now.</Trans>
        </p>
      </form>
      {requested && <DepositOffer key={requested.booking_id} result={requested} />}
    </>
  );
}
