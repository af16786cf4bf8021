import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useWatch,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { toastSuccess } from '@/lib/toast';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField, TextareaField } from '@/components/ui/form-field';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TranslationFields } from '@/components/translation-fields';
import type { TranslationsDraft } from '@/lib/translations-form';
import { CATALOG_TRANSLATED_FIELDS } from '../logic/schemas';
import { categoryLabel } from '../types';

export type CatalogNoun = 'Amenity' | 'Service';

/** What the amenity and the service forms both hold; the on/off switch is `is_active` or `available`. */
interface CatalogItemInput {
  name: string;
  description: string;
  category: string;
  translations: TranslationsDraft;
  is_active?: boolean;
  available?: boolean;
}

/** The dialog of one catalog item: "Add New Amenity" / "Edit Service"; the form is mounted while it is open. */
export function CatalogItemDialog({
  noun,
  editing,
  description,
  open,
  onOpenChange,
  children,
}: {
  noun: CatalogNoun;
  editing: boolean;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const title =
    noun === 'Amenity'
      ? editing
        ? t`Edit Amenity`
        : t`Add New Amenity`
      : editing
        ? t`Edit Service`
        : t`Add New Service`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form both catalog kinds share: name, description, their Italian and French texts, category
 * (beside the kind's own `fields`), the on/off switch, then `children` and Cancel / save. `save`
 * writes the item and calls `onSuccess`; the form then says so ("Amenity updated successfully") and
 * closes through `onDone`.
 */
export function CatalogItemForm<TInput extends FieldValues, TOutput>({
  noun,
  editing,
  form,
  nameLabel,
  namePlaceholder,
  categories,
  active,
  fields,
  children,
  submitLabel,
  saving,
  busy = false,
  save,
  onDone,
}: {
  noun: CatalogNoun;
  editing: boolean;
  form: UseFormReturn<TInput, unknown, TOutput>;
  nameLabel: string;
  namePlaceholder: string;
  categories: readonly string[];
  active: { field: 'is_active' | 'available'; label: string };
  /** the kind's own fields, in the grid after Category */
  fields: ReactNode;
  children?: ReactNode;
  submitLabel: string;
  saving: boolean;
  /** something else runs (an upload): saving waits */
  busy?: boolean;
  save: (values: TOutput, onSuccess: () => void) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const saved =
    noun === 'Amenity'
      ? editing
        ? t`Amenity updated successfully`
        : t`Amenity created successfully`
      : editing
        ? t`Service updated successfully`
        : t`Service created successfully`;
  const onSubmit = form.handleSubmit((values) =>
    save(values, () => {
      toastSuccess(saved);
      onDone();
    }),
  );
  const idPrefix = noun.toLowerCase();
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SharedFields idPrefix={idPrefix} nameLabel={nameLabel} namePlaceholder={namePlaceholder} />
        <div className="grid gap-4 sm:grid-cols-2">
          <CategoryField id={`${idPrefix}-category`} categories={categories} />
          {fields}
        </div>
        <ActiveSwitch id={`${idPrefix}-${active.field === 'is_active' ? 'active' : 'available'}`} {...active} />
        {children}
        <DialogActions
          label={submitLabel}
          pendingLabel={t`Saving...`}
          pending={saving}
          disabled={busy}
          onCancel={onDone}
        />
      </form>
    </FormProvider>
  );
}

function SharedFields({
  idPrefix,
  nameLabel,
  namePlaceholder,
}: {
  idPrefix: string;
  nameLabel: string;
  namePlaceholder: string;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CatalogItemInput>();
  const { t } = useLingui();
  const [name, description, translations] = useWatch({ control, name: ['name', 'description', 'translations'] });
  return (
    <>
      <InputField
        id={`${idPrefix}-name`}
        label={nameLabel}
        error={errors.name?.message}
        {...register('name')}
        placeholder={namePlaceholder}
      />
      <TextareaField id={`${idPrefix}-description`} label={t`Description`} rows={3} {...register('description')} />
      <TranslationFields
        idPrefix={idPrefix}
        fields={CATALOG_TRANSLATED_FIELDS}
        english={{ name, description }}
        values={translations}
        register={(locale, field) => register(`translations.${locale}.${field}`)}
        errorOf={(locale, field) => errors.translations?.[locale]?.[field]?.message}
      />
    </>
  );
}

function CategoryField({ id, categories }: { id: string; categories: readonly string[] }) {
  const { register } = useFormContext<CatalogItemInput>();
  const { t } = useLingui();
  return (
    <Field id={id} label={t`Category`}>
      <FieldControl>
        <NativeSelect {...register('category')} options={selectOptions(categories, categoryLabel)} />
      </FieldControl>
    </Field>
  );
}

function ActiveSwitch({ id, field: name, label }: { id: string; field: 'is_active' | 'available'; label: string }) {
  const { control } = useFormContext<CatalogItemInput>();
  return (
    <div className="flex items-center gap-3">
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
