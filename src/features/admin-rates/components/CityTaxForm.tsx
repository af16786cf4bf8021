import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSaveCityTax } from '../api/rates';
import { cityTaxSchema, type CityTaxInput, type CityTaxValues } from '../logic/schemas';

/** Rome's contributo di soggiorno: shown on every quote, payable at the property, never in a total. */
export function CityTaxForm({ current }: { current: CityTaxValues }) {
  const save = useSaveCityTax();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CityTaxInput, unknown, CityTaxValues>({
    resolver: zodResolver(cityTaxSchema),
    values: current,
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toastSuccess('City tax saved'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-4 sm:items-end" aria-label="City tax">
      <Field id="tax-amount" label="Per person per night (€)" error={errors.amount_per_person_night?.message}>
        <FieldControl>
          <Input inputMode="decimal" {...register('amount_per_person_night')} />
        </FieldControl>
      </Field>
      <Field id="tax-nights" label="Most nights charged" error={errors.max_nights?.message}>
        <FieldControl>
          <Input inputMode="numeric" {...register('max_nights')} />
        </FieldControl>
      </Field>
      <Field id="tax-age" label="Not due under age" error={errors.exempt_under_age?.message}>
        <FieldControl>
          <Input inputMode="numeric" {...register('exempt_under_age')} />
        </FieldControl>
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save city tax'}
      </Button>
    </form>
  );
}
