import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, InputField, TextareaField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import {
  centsToField,
  formatCents,
  propertyPaymentSchema,
  refundSchema,
  type PropertyPaymentForm,
  type PropertyPaymentValues,
  type RefundForm,
  type RefundValues,
} from '../logic/payments';

/** Staff: the balance or the city tax paid at the house, in cash or by card. */
export function PropertyPaymentForm({
  kind,
  bookingId,
  busy,
  onSubmit,
  onCancel,
}: {
  kind: 'balance' | 'city_tax';
  bookingId: string;
  busy: boolean;
  onSubmit: (values: PropertyPaymentValues) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PropertyPaymentForm, unknown, PropertyPaymentValues>({
    resolver: zodResolver(propertyPaymentSchema),
    defaultValues: { amount_cents: '', method: 'cash' },
  });
  const label = kind === 'balance' ? 'Record balance paid' : 'Record city tax collected';
  const prefix = `${kind}-${bookingId}`;
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={label}
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <InputField
        id={`${prefix}-amount`}
        label="Amount (€)"
        error={errors.amount_cents?.message}
        inputMode="decimal"
        autoComplete="off"
        {...register('amount_cents')}
      />
      <Field id={`${prefix}-method`} label="Paid by" error={errors.method?.message}>
        <FieldControl>
          <NativeSelect {...register('method')}>
            <option value="cash">Cash</option>
            <option value="card">Card</option>
          </NativeSelect>
        </FieldControl>
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Admins: a full or partial refund of what was paid online, with a reason the guest is sent. */
export function RefundForm({
  bookingId,
  refundableCents,
  busy,
  onSubmit,
  onCancel,
}: {
  bookingId: string;
  refundableCents: number;
  busy: boolean;
  onSubmit: (values: RefundValues) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefundForm, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(refundableCents)),
    defaultValues: { amount_cents: centsToField(refundableCents), reason: '' },
  });
  const prefix = `refund-${bookingId}`;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Refund" className="space-y-3 rounded-md border p-3">
      <InputField
        id={`${prefix}-amount`}
        label="Amount to refund (€)"
        error={errors.amount_cents?.message}
        hint={`Up to ${formatCents(refundableCents)}, what was paid online and not yet refunded.`}
        inputMode="decimal"
        autoComplete="off"
        {...register('amount_cents')}
      />
      <TextareaField
        id={`${prefix}-reason`}
        label="Reason"
        error={errors.reason?.message}
        hint="Sent to the guest."
        rows={2}
        maxLength={500}
        {...register('reason')}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={busy}>
          {busy ? 'Refunding...' : 'Refund'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
