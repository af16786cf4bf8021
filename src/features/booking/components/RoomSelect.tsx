import { useLingui } from '@lingui/react/macro';
import { forwardRef, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';

/** The room of a booking form: "Select a room" (or "Loading rooms…"), then each offered room. */
export const RoomSelect = forwardRef<
  HTMLSelectElement,
  Omit<ComponentProps<typeof NativeSelect>, 'children' | 'options'> & {
    loading: boolean;
    options: readonly { room: { id: string }; label: string }[];
  }
>(function RoomSelect({ loading, options, ...props }, ref) {
  const { t } = useLingui();
  return (
    <NativeSelect
      ref={ref}
      aria-required="true"
      {...props}
      options={options.map(({ room, label }) => ({ value: room.id, label }))}
    >
      <option value="">{loading ? t`Loading rooms…` : t`Select a room`}</option>
    </NativeSelect>
  );
});
