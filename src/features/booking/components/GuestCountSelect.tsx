import { plural } from '@lingui/core/macro';
import { forwardRef, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';

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
