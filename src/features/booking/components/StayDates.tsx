import { Trans, useLingui } from '@lingui/react/macro';
import { addMonths, format, startOfMonth } from 'date-fns';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { DayPicker, type CaptionLabelProps, type DayButtonProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import './stay-dates.css';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isISODate, toISODate } from '@/lib/dates';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n';
import { useFormatters } from '@/lib/i18n/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useRoomCalendar } from '../api/booking';
import { formatDay as stayDate } from '@/lib/time-left';
import { arrivalHint, isDayDisabled, lastCheckOut, pickDay, type CalendarNight, type RangeState } from '../logic/quote';

/** Check-in may lie up to two years ahead (request_booking's limit); the calendar goes as far. */
const MONTHS_AHEAD = 24;

const NightsContext = createContext<{ nights: ReadonlyMap<string, CalendarNight>; locale: Locale }>({
  nights: new Map(),
  locale: 'en',
});

const fromISO = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

const wholeEuros = new Map<Locale, Intl.NumberFormat>();
/** Whole euros when whole, else cents, as the language writes them: "€145", "€90.33", "145 €". */
function shortEuro(amount: number, locale: Locale, euro: (amount: number) => string): string {
  if (!Number.isInteger(amount)) return euro(amount);
  let format = wholeEuros.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    wholeEuros.set(locale, format);
  }
  return format.format(amount);
}

/** A day of the grid: its number and, when known, its price ("from" for any room); the focus follows the grid. */
function PricedDayButton({ day, modifiers, children, ...buttonProps }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const { nights, locale } = useContext(NightsContext);
  const { euro } = useFormatters();
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const night = nights.get(toISODate(day.date));
  const showPrice = night && night.available && !day.outside;
  return (
    <button ref={ref} {...buttonProps}>
      <span className="block leading-none">{children}</span>
      <span aria-hidden="true" className="mt-0.5 block h-3 text-[10px] leading-3 text-muted-foreground">
        {showPrice ? shortEuro(night.price, locale, euro) : ''}
      </span>
    </button>
  );
}

/**
 * The month's name above its grid, without the live region react-day-picker gives it: the grid is
 * labelled with its month, and the form keeps one status message (the availability of the stay).
 */
function CaptionLabel({ children, className, style }: CaptionLabelProps) {
  return (
    <span className={className} style={style}>
      {children}
    </span>
  );
}

export interface StayDatesProps {
  /** the room whose nights are shown; null: any room open for booking */
  roomId: string | null;
  /** prefix of the field ids */
  idPrefix: string;
  value: RangeState;
  onChange: (value: RangeState) => void;
  today: string;
}

/**
 * The one stay-dates picker of both booking forms: check-in and check-out in a range calendar
 * (react-day-picker: the WAI-ARIA date grid's keys), two months side by side on wide screens and
 * one on phones, each day with its price, taken nights struck through and never part of a stay
 * (leaving on the morning of a taken night is allowed), past days disabled, and a hint where a
 * minimum stay or a closed arrival applies.
 */
export function StayDates({ roomId, idPrefix, value, onChange, today }: StayDatesProps) {
  const { t } = useLingui();
  const { euro, locale, dateFns } = useFormatters();
  const mobile = useIsMobile();
  const months = mobile ? 1 : 2;
  const [month, setMonth] = useState(() =>
    startOfMonth(isISODate(value.checkIn) ? fromISO(value.checkIn) : fromISO(today)),
  );
  const firstMonth = startOfMonth(fromISO(today));
  const lastMonth = addMonths(firstMonth, MONTHS_AHEAD);

  // the months shown and the one after (a stay may run past the last month shown)
  const from = toISODate(month < firstMonth ? firstMonth : month);
  const to = toISODate(addMonths(month, months + 1));
  const calendar = useRoomCalendar(roomId, from, to);
  const nights = useMemo(
    () => new Map((calendar.data ?? []).map((night) => [night.night, night] as const)),
    [calendar.data],
  );
  const taken = (iso: string) => nights.get(iso)?.available === false;
  const lastOut = value.checkIn && !value.checkOut ? lastCheckOut(value.checkIn, nights) : null;
  const context = useMemo(() => ({ nights, locale }), [nights, locale]);

  const hint = value.checkIn && !value.checkOut ? arrivalHint(nights.get(value.checkIn)) : null;
  const hintId = `${idPrefix}-dates-hint`;

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['check-in', t`Check-in Date`, value.checkIn],
            ['check-out', t`Check-out Date`, value.checkOut],
          ] as const
        ).map(([key, label, date]) => (
          <Field key={key} id={`${idPrefix}-${key}`} label={label}>
            <FieldControl>
              <Input
                readOnly
                aria-required="true"
                aria-describedby={hintId}
                // short: two fields side by side at 375 px (a longer hint was cut, in French above all)
                placeholder={t`Pick a date`}
                value={date ? stayDate(date, locale) : ''}
              />
            </FieldControl>
          </Field>
        ))}
      </div>
      <NightsContext.Provider value={context}>
        <DayPicker
          mode="range"
          numberOfMonths={months}
          month={month}
          onMonthChange={setMonth}
          startMonth={firstMonth}
          endMonth={lastMonth}
          locale={dateFns}
          weekStartsOn={1}
          selected={{
            from: value.checkIn ? fromISO(value.checkIn) : undefined,
            to: value.checkOut ? fromISO(value.checkOut) : undefined,
          }}
          onSelect={(_range, day) => onChange(pickDay(value, toISODate(day), taken, lastOut))}
          disabled={(date) => isDayDisabled(toISODate(date), today, value, taken, lastOut)}
          modifiers={{
            taken: (date) => {
              const iso = toISODate(date);
              return iso >= today && taken(iso);
            },
            closedArrival: (date) => nights.get(toISODate(date))?.closed_to_arrival === true,
          }}
          modifiersClassNames={{ taken: 'rdp-taken', closedArrival: 'rdp-closed-arrival' }}
          components={{ DayButton: PricedDayButton, CaptionLabel }}
          labels={{
            labelNext: () => t`Go to the Next Month`,
            labelPrevious: () => t`Go to the Previous Month`,
            labelDayButton: (date, modifiers) => {
              const iso = toISODate(date);
              const night = nights.get(iso);
              const parts = [format(date, 'PPPP', { locale: dateFns })];
              if (modifiers.taken) parts.push(t`not available`);
              else if (night?.available) {
                const price = euro(night.price);
                parts.push(roomId === null ? t`from ${price}` : price);
              }
              if (night?.available && night.min_nights > 1) {
                const minNights = night.min_nights;
                parts.push(t`minimum ${minNights} nights`);
              }
              if (night?.closed_to_arrival) parts.push(t`no arrivals`);
              if (modifiers.selected) parts.push(t`selected`);
              return parts.join(', ');
            },
          }}
          className="stay-calendar mx-auto"
          aria-busy={calendar.isFetching || undefined}
        />
      </NightsContext.Provider>
      <div className="flex min-h-5 items-start justify-between gap-3">
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint ??
            (value.checkIn && !value.checkOut
              ? t`Now pick your check-out day.`
              : roomId === null
                ? t`Struck-through nights are taken in every room. Prices are the lowest per night.`
                : t`Struck-through nights are taken. Prices are per night.`)}
        </p>
        {(value.checkIn || value.checkOut) && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ checkIn: '', checkOut: '' })}>
            <Trans>Clear dates</Trans>
          </Button>
        )}
      </div>
      {calendar.isError && (
        <p className="text-sm text-destructive">
          <Trans>The calendar could not be loaded. Please try again.</Trans>
        </p>
      )}
    </div>
  );
}
