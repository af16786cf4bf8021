import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField, TextareaField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import {
  centsToField,
  DESK_METHODS,
  extraSchema,
  formatCents,
  propertyPaymentSchema,
  refundSchema,
  type ExtraForm as ExtraFormInput,
  type ExtraValues,
  type PropertyPaymentForm,
  type PropertyPaymentValues,
  type RefundForm,
  type RefundValues,
} from '../logic/payments';

/** Staff: a payment against the balance or the city tax, with its method; the amount starts at what is due. */
export function PropertyPaymentForm({
  kind,
  bookingId,
  dueCents,
  busy,
  onSubmit,
  onCancel,
}: {
  kind: 'balance' | 'city_tax';
  bookingId: string;
  dueCents: number;
  busy: boolean;
  onSubmit: (values: PropertyPaymentValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PropertyPaymentForm, unknown, PropertyPaymentValues>({
    resolver: zodResolver(propertyPaymentSchema),
    defaultValues: { amount_cents: dueCents > 0 ? centsToField(dueCents) : '', method: 'cash' },
  });
  const label = kind === 'balance' ? t`Record balance paid` : t`Record city tax collected`;
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
        label={t`Amount (€)`}
        error={errors.amount_cents?.message}
        inputMode="decimal"
        autoComplete="off"
        {...register('amount_cents')}
      />
      <Field id={`${prefix}-method`} label={t`Paid by`} error={errors.method?.message}>
        <FieldControl>
          <NativeSelect {...register('method')}>
            {DESK_METHODS.map((method) => (
              <option key={method.value} value={method.value}>
                {i18n._(method.label)}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? t`Saving...` : t`Save`}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Staff: an extra added during the stay (a transfer, a breakfast), priced at the desk. */
export function ExtraForm({
  bookingId,
  busy,
  onSubmit,
  onCancel,
}: {
  bookingId: string;
  busy: boolean;
  onSubmit: (values: ExtraValues) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ExtraFormInput, unknown, ExtraValues>({
    resolver: zodResolver(extraSchema),
    defaultValues: { description: '', quantity: 1, unit_price_cents: '' },
  });
  const prefix = `extra-${bookingId}`;
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={t`Add an extra`}
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
    >
      <InputField
        id={`${prefix}-name`}
        label={t`Extra`}
        error={errors.description?.message}
        maxLength={200}
        autoComplete="off"
        {...register('description')}
      />
      <InputField
        id={`${prefix}-quantity`}
        label={t`Quantity`}
        error={errors.quantity?.message}
        inputMode="numeric"
        autoComplete="off"
        {...register('quantity')}
      />
      <InputField
        id={`${prefix}-price`}
        label={t`Unit price (€)`}
        error={errors.unit_price_cents?.message}
        inputMode="decimal"
        autoComplete="off"
        {...register('unit_price_cents')}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? t`Adding...` : t`Add`}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * Admins: a refund of what was paid online, in a dialog that shows what was paid, what the
 * booking's terms refund today, and the amount (the terms' figure to start with), with a reason the
 * guest is sent.
 */
export function RefundDialog({
  bookingId,
  paidOnlineCents,
  refundableCents,
  policyCents,
  busy,
  onSubmit,
  onCancel,
}: {
  bookingId: string;
  paidOnlineCents: number;
  refundableCents: number;
  policyCents: number;
  busy: boolean;
  onSubmit: (values: RefundValues) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefundForm, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(refundableCents)),
    defaultValues: { amount_cents: policyCents > 0 ? centsToField(policyCents) : '', reason: '' },
  });
  const prefix = `refund-${bookingId}`;
  const refundable = formatCents(refundableCents);
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t`Refund`} className="space-y-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Refund the guest</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Stripe returns the amount to the card the guest paid with.</Trans>
            </DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
            <dt className="text-muted-foreground">
              <Trans>Paid online</Trans>
            </dt>
            <dd className="text-right" data-testid="refund-paid">
              {formatCents(paidOnlineCents)}
            </dd>
            <dt className="text-muted-foreground">
              <Trans>Not yet refunded</Trans>
            </dt>
            <dd className="text-right">{formatCents(refundableCents)}</dd>
            <dt className="text-muted-foreground">
              <Trans>The booking&apos;s terms refund today</Trans>
            </dt>
            <dd className="text-right" data-testid="refund-policy">
              {formatCents(policyCents)}
            </dd>
          </dl>
          <InputField
            id={`${prefix}-amount`}
            label={t`Amount to refund (€)`}
            error={errors.amount_cents?.message}
            hint={t`Up to ${refundable}, what was paid online and not yet refunded.`}
            inputMode="decimal"
            autoComplete="off"
            {...register('amount_cents')}
          />
          <TextareaField
            id={`${prefix}-reason`}
            label={t`Reason`}
            error={errors.reason?.message}
            hint={t`Sent to the guest.`}
            rows={2}
            maxLength={500}
            {...register('reason')}
          />
          <DialogActions
            label={t`Refund`}
            pendingLabel={t`Refunding...`}
            cancelLabel={t`Cancel`}
            pending={busy}
            destructive
            onCancel={onCancel}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
