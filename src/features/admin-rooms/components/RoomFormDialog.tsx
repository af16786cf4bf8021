import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField, TextareaField } from '@/components/ui/form-field';
import { ImagePicker } from '@/components/ui/image-picker';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { imageFileError } from '@/lib/image-upload';
import { isUniqueViolation } from '@/lib/postgrest-error';
import { TranslationFields } from '@/components/translation-fields';
import { ImageUploadError, useSaveRoom } from '../api/rooms';
import {
  ROOM_FORM_TRANSLATED_FIELDS,
  roomFormDefaults,
  roomFormSchema,
  type RoomFormInput,
  type RoomFormOutput,
} from '../logic/schemas';
import { roomTypeLabel } from '@/lib/i18n/portal-labels';
import { ROOM_STATUSES, ROOM_TYPES, roomStatusLabel, type Room } from '../types';
import { AmenityListEditor } from './AmenityListEditor';

export function RoomFormDialog({
  open,
  onOpenChange,
  room,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: add a room */
  room: Room | null;
}) {
  const number = room?.room_number;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{room ? <Trans>Edit Room</Trans> : <Trans>Add New Room</Trans>}</DialogTitle>
          <DialogDescription>
            {room ? (
              <Trans>Update the details of room {number}.</Trans>
            ) : (
              <Trans>Enter the details of the new room.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <RoomForm room={room} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RoomForm({ room, onDone }: { room: Room | null; onDone: () => void }) {
  const { t } = useLingui();
  const saveRoom = useSaveRoom();
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(room?.image_url ?? null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<RoomFormInput, unknown, RoomFormOutput>({
    resolver: zodResolver(roomFormSchema),
    defaultValues: roomFormDefaults(room),
  });
  const [name, description, bedLayout, view, amenities, translations] = useWatch({
    control,
    name: ['name', 'description', 'bed_layout', 'view', 'amenities', 'translations'],
  });

  const onSubmit = handleSubmit((values) => {
    saveRoom.mutate(
      { id: room?.id, values: { ...values, image_url: imageUrl }, imageFile },
      {
        onSuccess: () => {
          toastSuccess(room ? t`Room updated successfully` : t`Room created successfully`);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ImageUploadError) {
            toastError(t`Failed to upload image`, error.cause);
            if (!room) onDone(); // the room itself was created
            return;
          }
          const text = room ? t`Failed to update room` : t`Failed to create room`;
          const number = values.room_number;
          toastError(
            isUniqueViolation(error)
              ? room
                ? t`Failed to update room. Room number ${number} already exists.`
                : t`Failed to create room. Room number ${number} already exists.`
              : text,
            error,
          );
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="room-name"
          label={t`Room Name`}
          error={errors.name?.message}
          {...register('name')}
          placeholder={t`Deluxe King`}
        />
        <InputField
          id="room-number"
          label={t`Room Number`}
          error={errors.room_number?.message}
          {...register('room_number')}
          placeholder="101"
        />
        <Field id="room-type" label={t`Room Type`}>
          <FieldControl>
            <NativeSelect {...register('room_type')} options={selectOptions(ROOM_TYPES, roomTypeLabel)} />
          </FieldControl>
        </Field>
        <Field id="room-status" label={t`Status`}>
          <FieldControl>
            <NativeSelect {...register('status')} options={selectOptions(ROOM_STATUSES, roomStatusLabel)} />
          </FieldControl>
        </Field>
      </div>
      <TextareaField id="room-description" label={t`Description`} rows={3} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="room-size"
          label={t`Size (m²)`}
          error={errors.size_m2?.message}
          type="number"
          min={5}
          max={500}
          inputMode="numeric"
          {...register('size_m2')}
        />
        <InputField
          id="room-bed-layout"
          label={t`Bed Layout`}
          hint={t`Blank: the site counts the beds.`}
          error={errors.bed_layout?.message}
          {...register('bed_layout')}
          placeholder={t`2 single beds and 1 king bed`}
        />
        <InputField
          id="room-view"
          label={t`View`}
          hint={t`Blank: City View.`}
          error={errors.view?.message}
          {...register('view')}
          placeholder={t`Courtyard View`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <InputField
          id="room-price"
          label={t`Price per Night (€)`}
          error={errors.price_per_night?.message}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          {...register('price_per_night')}
        />
        <InputField
          id="room-max-guests"
          label={t`Max Guests`}
          error={errors.max_guests?.message}
          type="number"
          min={1}
          max={8}
          {...register('max_guests')}
        />
        <InputField
          id="room-beds"
          label={t`Beds`}
          error={errors.beds?.message}
          type="number"
          min={1}
          {...register('beds')}
        />
        <InputField
          id="room-bathrooms"
          label={t`Bathrooms`}
          error={errors.bathrooms?.message}
          type="number"
          min={1}
          {...register('bathrooms')}
        />
      </div>
      <Controller
        control={control}
        name="amenities"
        render={({ field }) => <AmenityListEditor value={field.value} onChange={field.onChange} />}
      />
      <TranslationFields
        idPrefix="room"
        fields={ROOM_FORM_TRANSLATED_FIELDS}
        english={{ name, description, bed_layout: bedLayout, view, amenities }}
        values={translations}
        register={(locale, field) => register(`translations.${locale}.${field}`)}
        errorOf={(locale, field) => errors.translations?.[locale]?.[field]?.message}
      />
      <ImagePicker
        label={t`Room Image`}
        file={imageFile}
        url={imageUrl}
        onFileChange={setImageFile}
        onRemove={() => {
          setImageFile(null);
          setImageUrl(null);
        }}
        validate={imageFileError}
        onInvalid={(message) => toastError(message)}
        disabled={saveRoom.isPending}
      />
      <DialogActions
        label={room ? t`Update Room` : t`Create Room`}
        pendingLabel={t`Saving...`}
        pending={saveRoom.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
