import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toastError } from '@/lib/toast';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { ImagePicker } from '@/components/ui/image-picker';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { imageFileError } from '@/lib/image-upload';
import { toNumberOrZero } from '@/lib/number';
import { useSaveService, useUploadServiceImage } from '../api/services';
import { formatDuration } from '../logic/duration';
import {
  serviceFormDefaults,
  serviceFormSchema,
  type ServiceFormInput,
  type ServiceFormOutput,
} from '../logic/schemas';
import { PRICING_UNIT_LABELS, SERVICE_CATEGORIES, type Service } from '../types';
import { Constants } from '@/types/database';
import { CatalogItemDialog, CatalogItemForm } from './CatalogItemDialog';

export function ServiceDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service: Service | null;
}) {
  const { t } = useLingui();
  return (
    <CatalogItemDialog
      noun="Service"
      editing={service !== null}
      description={t`Services guests can book during their stay.`}
      open={open}
      onOpenChange={onOpenChange}
    >
      <ServiceForm service={service} onDone={() => onOpenChange(false)} />
    </CatalogItemDialog>
  );
}

function ServiceForm({ service, onDone }: { service: Service | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveService();
  const upload = useUploadServiceImage();
  const [imageUrl, setImageUrl] = useState<string | null>(service?.image_url ?? null);
  const form = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormDefaults(service),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const duration = useWatch({ control, name: 'duration_minutes' });

  return (
    <CatalogItemForm
      noun="Service"
      editing={service !== null}
      form={form}
      nameLabel={t`Service Name`}
      namePlaceholder={t`Airport transfer`}
      categories={SERVICE_CATEGORIES}
      active={{ field: 'available', label: t`Available` }}
      submitLabel={service ? t`Update Service` : t`Create Service`}
      saving={save.isPending}
      busy={upload.isPending}
      save={(values, onSuccess) =>
        save.mutate(
          { id: service?.id, values: { ...values, image_url: imageUrl } },
          {
            onSuccess,
            onError: (error) => toastError(service ? t`Failed to update service` : t`Failed to create service`, error),
          },
        )
      }
      onDone={onDone}
      fields={
        <>
          <Field
            id="service-pricing-unit"
            label={t`Priced`}
            hint={t`How a guest's extra is priced: once, for each night, or for each person`}
          >
            <FieldControl>
              <NativeSelect
                {...register('pricing_unit')}
                options={selectOptions(Constants.public.Enums.service_pricing_unit, (unit) =>
                  i18n._(PRICING_UNIT_LABELS[unit]),
                )}
              />
            </FieldControl>
          </Field>
          <InputField
            id="service-price"
            label={t`Price (€)`}
            error={errors.price?.message}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            required
            {...register('price')}
          />
          <InputField
            id="service-duration"
            label={t`Duration (minutes)`}
            error={errors.duration_minutes?.message}
            hint={<span aria-live="polite">{t`Duration: ${formatDuration(toNumberOrZero(duration))}`}</span>}
            type="number"
            min={0}
            step={5}
            required
            {...register('duration_minutes')}
          />
        </>
      }
    >
      <ImagePicker
        label={t`Service Image`}
        file={null}
        url={imageUrl}
        onFileChange={(file) => upload.mutate(file, { onSuccess: setImageUrl })}
        onRemove={() => setImageUrl(null)}
        validate={imageFileError}
        onInvalid={(message) => toastError(message)}
        disabled={upload.isPending}
      />
      {upload.isPending && <p className="text-sm text-muted-foreground">{t`Uploading image...`}</p>}
    </CatalogItemForm>
  );
}
