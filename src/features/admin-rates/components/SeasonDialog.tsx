import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toastError, toastSuccess } from '@/lib/toast';
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
import { useSaveSeason } from '../api/rates';
import { seasonSaveError, WEEKDAYS, type Season } from '../logic/seasons';
import { emptySeason, seasonSchema, seasonToValues, valuesToRow, type SeasonValues } from '../logic/schemas';

interface Room {
  id: string;
  name: string;
  room_number: string;
}

function WeekdayChoice({
  legend,
  value,
  onChange,
  idPrefix,
}: {
  legend: string;
  value: number[];
  onChange: (days: number[]) => void;
  idPrefix: string;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {WEEKDAYS.map((day) => (
          <label key={day.value} htmlFor={`${idPrefix}-${day.value}`} className="flex items-center gap-1 text-sm">
            <input
              id={`${idPrefix}-${day.value}`}
              type="checkbox"
              aria-label={`${legend}: ${i18n._(day.long)}`}
              checked={value.includes(day.value)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, day.value] : value.filter((d) => d !== day.value))
              }
            />
            {i18n._(day.short)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Add or edit a season of a room: dates (nights, inclusive), prices, minimum stays, closed weekdays. */
export function SeasonDialog({
  open,
  onOpenChange,
  rooms,
  season,
  roomId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rooms: Room[];
  /** the season to edit; none: a new one */
  season: Season | null;
  /** the room a new season is for */
  roomId: string;
}) {
  const { t } = useLingui();
  const save = useSaveSeason();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SeasonValues>({
    resolver: zodResolver(seasonSchema),
    values: season ? seasonToValues(season) : emptySeason(roomId),
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: season?.id, row: valuesToRow(values) },
      {
        onSuccess: () => {
          toastSuccess(season ? t`Season updated` : t`Season added`);
          onOpenChange(false);
        },
        onError: (error) => toastError(seasonSaveError(error), error),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{season ? t`Edit season` : t`Add season`}</DialogTitle>
          <DialogDescription>
            <Trans>
              Nights from the first to the last night (inclusive). Nights outside every season cost the room&apos;s own
              price with no minimum stay.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="season-room" label={t`Room`} error={errors.room_id?.message}>
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
            <InputField
              id="season-name"
              label={t`Season name`}
              error={errors.name?.message}
              maxLength={80}
              {...register('name')}
            />
            <InputField
              id="season-start"
              label={t`First night`}
              error={errors.starts_on?.message}
              type="date"
              {...register('starts_on')}
            />
            <InputField
              id="season-end"
              label={t`Last night`}
              error={errors.ends_on?.message}
              type="date"
              {...register('ends_on')}
            />
            <InputField
              id="season-price"
              label={t`Price per night (€)`}
              error={errors.price_per_night?.message}
              inputMode="decimal"
              {...register('price_per_night')}
            />
            <InputField
              id="season-weekend-price"
              label={t`Friday/Saturday night price (€, optional)`}
              error={errors.weekend_price?.message}
              inputMode="decimal"
              {...register('weekend_price')}
            />
            <InputField
              id="season-min"
              label={t`Minimum nights`}
              error={errors.min_nights?.message}
              inputMode="numeric"
              {...register('min_nights')}
            />
            <InputField
              id="season-weekend-min"
              label={t`Minimum nights for Friday/Saturday arrivals (optional)`}
              error={errors.weekend_min_nights?.message}
              inputMode="numeric"
              {...register('weekend_min_nights')}
            />
          </div>
          <Controller
            control={control}
            name="closed_arrival_days"
            render={({ field }) => (
              <WeekdayChoice
                idPrefix="season-arrival"
                legend={t`Closed to arrival`}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="closed_departure_days"
            render={({ field }) => (
              <WeekdayChoice
                idPrefix="season-departure"
                legend={t`Closed to departure`}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <DialogActions
            label={season ? t`Save season` : t`Add season`}
            pendingLabel={t`Saving...`}
            pending={save.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
