import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toastSuccess } from '@/lib/toast';
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
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { AmenityIcon } from '@/lib/amenity-icon';
import { AMENITY_ICON_NAMES } from '@/lib/amenity-icons';
import { TranslationFields } from '@/components/translation-fields';
import { useSaveAmenity } from '../api/amenities';
import {
  amenityFormDefaults,
  amenityFormSchema,
  CATALOG_TRANSLATED_FIELDS,
  type AmenityFormInput,
  type AmenityFormOutput,
} from '../logic/schemas';
import { AMENITY_CATEGORIES, categoryLabel, type Amenity } from '../types';

export function AmenityDialog({
  open,
  onOpenChange,
  amenity,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amenity: Amenity | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{amenity ? 'Edit Amenity' : 'Add New Amenity'}</DialogTitle>
          <DialogDescription>Amenities shown in the amenities section of the website.</DialogDescription>
        </DialogHeader>
        <AmenityForm amenity={amenity} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AmenityForm({ amenity, onDone }: { amenity: Amenity | null; onDone: () => void }) {
  const save = useSaveAmenity();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<AmenityFormInput, unknown, AmenityFormOutput>({
    resolver: zodResolver(amenityFormSchema),
    defaultValues: amenityFormDefaults(amenity),
  });
  const iconName = useWatch({ control, name: 'icon_name' });
  const [name, description, translations] = useWatch({ control, name: ['name', 'description', 'translations'] });

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: amenity?.id, values },
      {
        onSuccess: () => {
          toastSuccess(amenity ? 'Amenity updated successfully' : 'Amenity created successfully');
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="amenity-name" label="Name" error={errors.name?.message}>
        <FieldControl>
          <Input {...register('name')} placeholder="Free WiFi" />
        </FieldControl>
      </Field>
      <Field id="amenity-description" label="Description">
        <FieldControl>
          <Textarea rows={2} {...register('description')} />
        </FieldControl>
      </Field>
      <TranslationFields
        idPrefix="amenity"
        fields={CATALOG_TRANSLATED_FIELDS}
        english={{ name, description }}
        values={translations}
        register={(locale, field) => register(`translations.${locale}.${field}`)}
        errorOf={(locale, field) => errors.translations?.[locale]?.[field]?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="amenity-icon" label="Icon">
          <div className="flex items-center gap-2">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border bg-muted">
              <AmenityIcon name={iconName} className="h-5 w-5" />
            </span>
            <FieldControl>
              <NativeSelect {...register('icon_name')}>
                {AMENITY_ICON_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </FieldControl>
          </div>
        </Field>
        <Field id="amenity-category" label="Category">
          <FieldControl>
            <NativeSelect {...register('category')}>
              {AMENITY_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </NativeSelect>
          </FieldControl>
        </Field>
        <Field id="amenity-order" label="Display Order" error={errors.display_order?.message}>
          <FieldControl>
            <Input type="number" step={1} placeholder="0-999" {...register('display_order')} />
          </FieldControl>
        </Field>
        <div className="flex items-center gap-3 pt-6">
          <Controller
            control={control}
            name="is_active"
            render={({ field }) => (
              <Switch id="amenity-active" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor="amenity-active">Active</Label>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : amenity ? 'Update' : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  );
}
