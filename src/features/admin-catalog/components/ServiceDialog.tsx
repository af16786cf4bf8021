import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toastError, toastSuccess } from '@/lib/toast';
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
import { ImagePicker } from '@/components/ui/image-picker';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { imageFileError } from '@/lib/image-upload';
import { toNumberOrZero } from '@/lib/number';
import { TranslationFields } from '@/components/translation-fields';
import { useSaveService, useUploadServiceImage } from '../api/services';
import { formatDuration } from '../logic/duration';
import {
  CATALOG_TRANSLATED_FIELDS,
  serviceFormDefaults,
  serviceFormSchema,
  type ServiceFormInput,
  type ServiceFormOutput,
} from '../logic/schemas';
import { categoryLabel, PRICING_UNIT_LABELS, SERVICE_CATEGORIES, type Service } from '../types';
import { Constants } from '@/types/database';

export function ServiceDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service: Service | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{service ? 'Edit Service' : 'Add New Service'}</DialogTitle>
          <DialogDescription>Services guests can book during their stay.</DialogDescription>
        </DialogHeader>
        <ServiceForm service={service} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ServiceForm({ service, onDone }: { service: Service | null; onDone: () => void }) {
  const save = useSaveService();
  const upload = useUploadServiceImage();
  const [imageUrl, setImageUrl] = useState<string | null>(service?.image_url ?? null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormDefaults(service),
  });
  const duration = useWatch({ control, name: 'duration_minutes' });
  const [name, description, translations] = useWatch({ control, name: ['name', 'description', 'translations'] });

  function onImage(file: File) {
    upload.mutate(file, {
      onSuccess: (url) => setImageUrl(url),
    });
  }

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: service?.id, values: { ...values, image_url: imageUrl } },
      {
        onSuccess: () => {
          toastSuccess(service ? 'Service updated successfully' : 'Service created successfully');
          onDone();
        },
        onError: (error) => toastError(service ? 'Failed to update service' : 'Failed to create service', error),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="service-name" label="Service Name" error={errors.name?.message}>
        <FieldControl>
          <Input {...register('name')} placeholder="Airport transfer" />
        </FieldControl>
      </Field>
      <Field id="service-category" label="Category">
        <FieldControl>
          <NativeSelect {...register('category')}>
            {SERVICE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="service-description" label="Description">
        <FieldControl>
          <Textarea rows={3} {...register('description')} />
        </FieldControl>
      </Field>
      <TranslationFields
        idPrefix="service"
        fields={CATALOG_TRANSLATED_FIELDS}
        english={{ name, description }}
        values={translations}
        register={(locale, field) => register(`translations.${locale}.${field}`)}
        errorOf={(locale, field) => errors.translations?.[locale]?.[field]?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="service-price" label="Price (€)" error={errors.price?.message}>
          <FieldControl>
            <Input type="number" min={0} step={0.01} inputMode="decimal" required {...register('price')} />
          </FieldControl>
        </Field>
        <Field
          id="service-duration"
          label="Duration (minutes)"
          error={errors.duration_minutes?.message}
          hint={<span aria-live="polite">Duration: {formatDuration(toNumberOrZero(duration))}</span>}
        >
          <FieldControl>
            <Input type="number" min={0} step={5} required {...register('duration_minutes')} />
          </FieldControl>
        </Field>
      </div>
      <Field
        id="service-pricing-unit"
        label="Priced"
        hint="How a guest's extra is priced: once, for each night, or for each person"
      >
        <FieldControl>
          <NativeSelect {...register('pricing_unit')}>
            {Constants.public.Enums.service_pricing_unit.map((unit) => (
              <option key={unit} value={unit}>
                {PRICING_UNIT_LABELS[unit]}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
      </Field>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="available"
          render={({ field }) => (
            <Switch id="service-available" checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        <Label htmlFor="service-available">Available</Label>
      </div>
      <ImagePicker
        label="Service Image"
        file={null}
        url={imageUrl}
        onFileChange={onImage}
        onRemove={() => setImageUrl(null)}
        validate={imageFileError}
        onInvalid={(message) => toastError(message)}
        disabled={upload.isPending}
      />
      {upload.isPending && <p className="text-sm text-muted-foreground">Uploading image...</p>}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || upload.isPending}>
          {save.isPending ? 'Saving...' : service ? 'Update Service' : 'Create Service'}
        </Button>
      </DialogFooter>
    </form>
  );
}
