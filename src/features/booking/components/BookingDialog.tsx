import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Loader2, MessageCircle } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { todayISO } from '@/lib/dates';
import { useFormatters } from '@/lib/i18n/format';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { bookableRooms } from '@/lib/public-rooms/offers';
import { useCheckPromoCode } from '../api/booking';
import { emailOnItsWay } from '../logic/handoff';
import { appliedDiscount, normalizePromoCode, promoOutcomeToast } from '../logic/promo';
import { blocksSending, isStay, type StayQuote } from '../logic/quote';
import {
  BOOKING_LIMITS,
  bookingErrorToast,
  DIALOG_GUESTS,
  dialogSchema,
  emptyDialogValues,
  firstErrorKey,
  type DialogValues,
} from '../logic/schemas';
import type { BookingDialogProps } from '@/lib/booking-dialog';
import { useSendStayRequest, useStayOffer } from '../use-stay-request';
import { useStayExtras } from '../use-stay-extras';
import { RequestSentDialog } from './DepositOffer';
import { ExtrasPicker } from './ExtrasPicker';
import { GuestCountSelect, useGuestRange } from './GuestCountSelect';
import { RoomSelect } from './RoomSelect';
import { GuestDetailsFields } from './GuestDetailsFields';
import { PrivacyNote } from './PrivacyNote';
import { RatePlanChoice } from './RatePlanChoice';
import { StayDates } from './StayDates';
import { StaySummary } from './StaySummary';

const FIELD_ORDER = ['name', 'checkIn', 'checkOut', 'roomId', 'guests', 'email', 'phone', 'specialRequests'] as const;

export default function BookingDialog({
  open,
  onOpenChange,
  onBooked,
  roomId,
  roomName,
  roomPrice,
}: BookingDialogProps) {
  const { t } = useLingui();
  const { euro } = useFormatters();
  const today = todayISO();
  const schema = useMemo(() => dialogSchema(today), [today]);
  const rooms = usePublicRooms();

  // A room given by name only is looked up in the rooms list ("select rooms id by name").
  const fixedRoom = useMemo(() => {
    const list = rooms.data ?? [];
    if (roomId) return list.find((room) => room.id === roomId) ?? null;
    if (roomName) return list.find((room) => room.name === roomName) ?? null;
    return null;
  }, [rooms.data, roomId, roomName]);
  const fixedRoomId = roomId ?? fixedRoom?.id ?? '';
  const chooseRoom = !roomId && !roomName;

  const form = useForm<DialogValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyDialogValues(fixedRoomId),
  });
  const { register, handleSubmit, setValue, control } = form;
  const [checkIn, checkOut, pickedRoomId, promoInput, guests] = useWatch({
    control,
    name: ['checkIn', 'checkOut', 'roomId', 'promoCode', 'guests'],
  });
  const selectedRoomId = chooseRoom ? pickedRoomId : fixedRoomId;

  const bookable = useMemo(() => bookableRooms(rooms.data), [rooms.data]);
  const selectedRoom = chooseRoom ? ((rooms.data ?? []).find((room) => room.id === selectedRoomId) ?? null) : fixedRoom;
  const displayName = roomName ?? selectedRoom?.name ?? '';
  const pricePerNight = roomPrice ?? selectedRoom?.price_per_night ?? 0;

  const [promo, setPromo] = useState<{ code: string; percent: number } | null>(null);
  const checkPromo = useCheckPromoCode();
  const extras = useStayExtras(Number(guests));
  const offer = useStayOffer(bookable, {
    roomId: selectedRoomId,
    checkIn,
    checkOut,
    guests: Number(guests),
    promoCode: promo?.code,
    ...extras.request,
  });
  const request = useSendStayRequest();
  const maxGuests = selectedRoom?.max_guests;
  const setGuests = useCallback((value: string) => setValue('guests', value), [setValue]);
  const guestChoices = useGuestRange(DIALOG_GUESTS, maxGuests, guests, setGuests);

  async function togglePromo() {
    if (promo) {
      setPromo(null);
      return;
    }
    const code = normalizePromoCode(promoInput);
    if (!code) return;
    try {
      const result = await checkPromo.mutateAsync({ code, roomId: selectedRoomId || null });
      showToast(promoOutcomeToast(result));
      const percent = appliedDiscount(result);
      if (percent > 0) {
        setPromo({ code, percent });
        setValue('promoCode', code);
      }
    } catch (error) {
      console.error('Error validating promo code:', error);
      showToast(promoOutcomeToast(null));
    }
  }

  const onValid = async (values: DialogValues) => {
    const room = chooseRoom ? selectedRoom : fixedRoom;
    const id = chooseRoom ? values.roomId : fixedRoomId;
    const input = {
      roomId: id,
      checkIn: values.checkIn,
      checkOut: values.checkOut,
      guests: Number(values.guests),
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() || null,
      specialRequests: values.specialRequests.trim() || null,
      promoCode: promo?.code ?? null,
      ...extras.request,
    };
    const sent = await request.send(
      input,
      { name: displayName || room?.name || t`Room`, room_number: room?.room_number },
      {
        success: () => `${t`Redirecting to WhatsApp to complete your booking request.`} ${emailOnItsWay()}`,
        failureTitle: t`Error`,
      },
    );
    if (sent) {
      form.reset(emptyDialogValues(fixedRoomId));
      setPromo(null);
      extras.reset();
      // after the spec's hand-off and close: the request's deposit, offered in a dialog of its own
      onBooked(sent.deposit_cents > 0 ? <RequestSentDialog key={sent.booking_id} result={sent} /> : undefined);
    }
  };

  const onInvalid = (errors: Record<string, { message?: string } | undefined>) => {
    showToast(bookingErrorToast(firstErrorKey(errors, FIELD_ORDER)));
  };

  const busy = request.busy;
  const nightPrice = euro(pricePerNight);
  const promoCode = promo?.code;
  const refused = blocksSending(offer.quote);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-3xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="font-serif text-2xl">
            <Trans>Book Your Stay</Trans>
          </DialogTitle>
          <DialogDescription>
            {displayName
              ? pricePerNight
                ? t`${displayName} · ${nightPrice} per night`
                : displayName
              : t`Choose your dates and room. We confirm every request personally on WhatsApp.`}
          </DialogDescription>
        </DialogHeader>

        <form onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-4" aria-busy={busy}>
          <StayDates
            idPrefix="bd"
            roomId={selectedRoomId || null}
            today={today}
            value={{ checkIn, checkOut }}
            onChange={(next) => {
              setValue('checkIn', next.checkIn);
              setValue('checkOut', next.checkOut);
            }}
          />

          {chooseRoom && (
            <Field id="bd-room" label={t`Room`}>
              <FieldControl>
                <RoomSelect
                  loading={rooms.isLoading}
                  options={offer.options}
                  {...register('roomId', { onChange: () => setPromo(null) })}
                />
              </FieldControl>
              {isStay(checkIn, checkOut) && offer.roomsKnown && offer.freeCount === 0 && (
                <p className="text-sm text-destructive">
                  <Trans>No rooms are free for these dates. Please try other dates.</Trans>
                </p>
              )}
            </Field>
          )}

          <AvailabilityNote
            roomSelected={Boolean(selectedRoomId)}
            validStay={isStay(checkIn, checkOut)}
            loading={offer.quoteLoading}
            quote={offer.quote}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="bd-guests" label={t`Number of Guests`}>
              <FieldControl>
                <GuestCountSelect range={guestChoices} {...register('guests')} />
              </FieldControl>
              {maxGuests !== undefined && (
                <p className="text-xs text-muted-foreground">
                  {maxGuests === 1 ? (
                    <Trans>This room sleeps one guest.</Trans>
                  ) : (
                    <Trans>This room sleeps up to {maxGuests} guests.</Trans>
                  )}
                </p>
              )}
            </Field>
            <GuestDetailsFields idPrefix="bd" register={register} />
          </div>

          <Field id="bd-promo" label={t`Promo Code`}>
            <div className="flex gap-2">
              <FieldControl>
                <Input
                  autoComplete="off"
                  placeholder={t`e.g. SAVE15`}
                  className="uppercase"
                  readOnly={Boolean(promo)}
                  aria-describedby="bd-promo-hint"
                  {...register('promoCode')}
                />
              </FieldControl>
              <Button
                type="button"
                variant={promo ? 'secondary' : 'outline'}
                onClick={togglePromo}
                disabled={checkPromo.isPending || (!promo && !normalizePromoCode(promoInput))}
                aria-pressed={Boolean(promo)}
                title={promo ? t`Remove promo code` : undefined}
              >
                {checkPromo.isPending ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                ) : promo ? (
                  <>
                    <Check className="h-4 w-4" aria-hidden="true" />
                    {promo.percent}%
                    <span className="sr-only">
                      {' '}
                      <Trans>off – remove promo code</Trans>
                    </span>
                  </>
                ) : (
                  t`Apply`
                )}
              </Button>
            </div>
            <p id="bd-promo-hint" className="text-xs text-muted-foreground">
              {promo
                ? t`${promoCode} applied. Click the button again to remove it.`
                : t`Optional. Codes are not case-sensitive.`}
            </p>
          </Field>

          <Field id="bd-requests" label={t`Special Requests (optional)`}>
            <FieldControl>
              <Textarea rows={3} maxLength={BOOKING_LIMITS.specialRequests} {...register('specialRequests')} />
            </FieldControl>
          </Field>

          <ExtrasPicker idPrefix="bd" extras={extras} />
          <RatePlanChoice idPrefix="bd" quote={offer.quote} extras={extras} />
          <StaySummary quote={offer.quote} />
          <PrivacyNote />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={busy || refused} className="bg-green-700 text-white hover:bg-green-800">
              {busy ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
              )}
              <Trans>Book via WhatsApp</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AvailabilityNote(props: {
  roomSelected: boolean;
  validStay: boolean;
  loading: boolean;
  quote: StayQuote | undefined;
}) {
  const { t } = useLingui();
  let text = '';
  let tone = 'text-muted-foreground';
  if (props.roomSelected && props.validStay) {
    const taken = props.quote?.problems.some((p) => p.code === 'unavailable' || p.code === 'room_unavailable');
    if (props.loading && !props.quote) text = t`Checking availability…`;
    else if (taken) {
      text = t`Not available for these dates. Please choose other dates.`;
      tone = 'text-destructive';
    } else if (props.quote?.bookable) {
      text = t`Available for your dates`;
      tone = 'text-green-700';
    }
  }
  return (
    <p role="status" aria-live="polite" className={`min-h-5 text-sm font-medium ${tone}`}>
      {text}
    </p>
  );
}
