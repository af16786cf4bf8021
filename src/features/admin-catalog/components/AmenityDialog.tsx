import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { AmenityIcon } from '@/lib/amenity-icon';
import { AMENITY_ICON_NAMES } from '@/lib/amenity-icons';
import { useSaveAmenity } from '../api/amenities';
import {
  amenityFormDefaults,
  amenityFormSchema,
  type AmenityFormInput,
  type AmenityFormOutput,
} from '../logic/schemas';
import { AMENITY_CATEGORIES, type Amenity } from '../types';
import { CatalogItemDialog, CatalogItemForm } from './CatalogItemDialog';

export function AmenityDialog({
  open,
  onOpenChange,
  amenity,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amenity: Amenity | null;
}) {
  const { t } = useLingui();
  return (
    <CatalogItemDialog
      noun="Amenity"
      editing={amenity !== null}
      description={t`Amenities shown in the amenities section of the website.`}
      open={open}
      onOpenChange={onOpenChange}
    >
      <AmenityForm amenity={amenity} onDone={() => onOpenChange(false)} />
    </CatalogItemDialog>
  );
}

function AmenityForm({ amenity, onDone }: { amenity: Amenity | null; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSaveAmenity();
  const form = useForm<AmenityFormInput, unknown, AmenityFormOutput>({
    resolver: zodResolver(amenityFormSchema),
    defaultValues: amenityFormDefaults(amenity),
  });
  const { register, control, formState } = form;
  const iconName = useWatch({ control, name: 'icon_name' });

  return (
    <CatalogItemForm
      noun="Amenity"
      editing={amenity !== null}
      form={form}
      nameLabel={t`Name`}
      namePlaceholder={t`Free WiFi`}
      categories={AMENITY_CATEGORIES}
      active={{ field: 'is_active', label: t`Active` }}
      submitLabel={amenity ? t`Update` : t`Create`}
      saving={save.isPending}
      save={(values, onSuccess) => save.mutate({ id: amenity?.id, values }, { onSuccess })}
      onDone={onDone}
      fields={
        <>
          <Field id="amenity-icon" label={t`Icon`}>
            <div className="flex items-center gap-2">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border bg-muted">
                <AmenityIcon name={iconName} className="h-5 w-5" />
              </span>
              <FieldControl>
                <NativeSelect {...register('icon_name')} options={selectOptions(AMENITY_ICON_NAMES)} />
              </FieldControl>
            </div>
          </Field>
          <InputField
            id="amenity-order"
            label={t`Display Order`}
            error={formState.errors.display_order?.message}
            type="number"
            step={1}
            placeholder="0-999"
            {...register('display_order')}
          />
        </>
      }
    />
  );
}
