import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toastSuccess } from '@/lib/toast';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { useAddManualBlock } from '../api/calendar';
import { manualBlockSchema, type ManualBlockValues } from '../logic/schemas';

interface Room {
  id: string;
  name: string;
  room_number: string;
}

/** Close a room for some nights (maintenance, owner stay); the database refuses dates already taken. */
export function ManualBlockDialog({
  open,
  onOpenChange,
  rooms,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rooms: Room[];
  defaults: Partial<ManualBlockValues>;
}) {
  const { t } = useLingui();
  const add = useAddManualBlock();
  const {
    register,
    handleSubmit,
    formState: { errors },
    reset,
  } = useForm<ManualBlockValues>({
    resolver: zodResolver(manualBlockSchema),
    values: { room_id: '', check_in_date: '', check_out_date: '', reason: 'maintenance', note: '', ...defaults },
  });

  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        toastSuccess(t`Manual block added`);
        reset();
        onOpenChange(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Add manual block</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Close a room for maintenance or an owner stay. The last date is the check-out day.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <Field id="block-room" label={t`Room`} error={errors.room_id?.message}>
            <FieldControl>
              <NativeSelect
                {...register('room_id')}
                options={rooms.map((room) => ({
                  value: room.id,
                  label: `${room.room_number} · ${room.name}`,
                }))}
              >
                <option value="">{t`Choose a room`}</option>
              </NativeSelect>
            </FieldControl>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="block-from"
              label={t`From`}
              error={errors.check_in_date?.message}
              type="date"
              {...register('check_in_date')}
            />
            <InputField
              id="block-to"
              label={t`Until (check-out day)`}
              error={errors.check_out_date?.message}
              type="date"
              {...register('check_out_date')}
            />
          </div>
          <Field id="block-reason" label={t`Reason`}>
            <FieldControl>
              <NativeSelect
                {...register('reason')}
                options={[
                  { value: 'maintenance', label: t`Maintenance` },
                  { value: 'owner_stay', label: t`Owner stay` },
                  { value: 'other', label: t`Other` },
                ]}
              />
            </FieldControl>
          </Field>
          <InputField
            id="block-note"
            label={t`Note (optional)`}
            error={errors.note?.message}
            {...register('note')}
            maxLength={200}
          />
          <DialogActions
            label={t`Add block`}
            pendingLabel={t`Saving...`}
            pending={add.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
