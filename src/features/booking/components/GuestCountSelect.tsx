import { plural } from '@lingui/core/macro';
import { forwardRef, useEffect, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';
import { guestRange } from '../logic/schemas';

/** The guest count of a booking form: "1 Guest" … "n Guests" from `range.min` to `range.max`. */
export const GuestCountSelect = forwardRef<
  HTMLSelectElement,
  Omit<ComponentProps<typeof NativeSelect>, 'children' | 'options'> & { range: { min: number; max: number } }
>(function GuestCountSelect({ range, ...props }, ref) {
  const counts = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
  return (
    <NativeSelect
      ref={ref}
      {...props}
      options={counts.map((n) => ({
        value: String(n),
        label: plural(n, { one: '# Guest', other: '# Guests' }),
      }))}
    />
  );
});

/**
 * The range of a form's guest count for the chosen room (its max_guests, within the form's own
 * range); a count above it follows the room down.
 */
export function useGuestRange(
  range: { min: number; max: number },
  roomMaxGuests: number | null | undefined,
  guests: string | undefined,
  setGuests: (value: string) => void,
) {
  const { min, max } = guestRange(range, roomMaxGuests);
  useEffect(() => {
    if (Number(guests) > max) setGuests(String(max));
  }, [guests, max, setGuests]);
  return { min, max };
}
