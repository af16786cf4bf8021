import { useLingui } from '@lingui/react/macro';
import { forwardRef, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';

/** The room of a booking form: "Select a room" (or "Loading rooms…"), then each offered room. */
export const RoomSelect = forwardRef<
  HTMLSelectElement,
  Omit<ComponentProps<typeof NativeSelect>, 'children'> & {
    loading: boolean;
    options: readonly { room: { id: string }; label: string }[];
  }
>(function RoomSelect({ loading, options, ...props }, ref) {
  const { t } = useLingui();
  return (
    <NativeSelect ref={ref} aria-required="true" {...props}>
      <option value="">{loading ? t`Loading rooms…` : t`Select a room`}</option>
      {options.map(({ room, label }) => (
        <option key={room.id} value={room.id}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
});
