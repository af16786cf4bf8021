import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useHouseCancellationIn } from '@/lib/cancellation-terms';
import { portalLocale } from '@/lib/i18n/portal-format';
import { toastSuccess } from '@/lib/toast';
import { paymentPolicyQuery, useUpdatePaymentPolicy } from '../api/payment-policy';
import {
  depositText,
  paymentPolicyFormValues,
  paymentPolicySchema,
  type PaymentPolicyForm,
  type PaymentPolicyValues,
} from '../logic/payment-policy';

/**
 * "Payments": the deposit taken online, the cancellation window, the non-refundable rate and whether
 * each request is confirmed before the guest can pay. Admins change them; staff read them.
 * A booking keeps the terms it was quoted.
 */
export function PaymentPolicyCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const policy = useQuery(paymentPolicyQuery());
  const update = useUpdatePaymentPolicy();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<PaymentPolicyForm, unknown, PaymentPolicyValues>({
    resolver: zodResolver(paymentPolicySchema),
    defaultValues: paymentPolicyFormValues(policy.data),
  });

  const depositKind = useWatch({ control, name: 'deposit_kind' });
  const nonrefundable = useWatch({ control, name: 'nonrefundable_enabled' });

  useEffect(() => {
    if (policy.data) reset(paymentPolicyFormValues(policy.data));
  }, [policy.data, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(paymentPolicyFormValues(saved));
        toastSuccess(t`Payment policy saved`);
      },
    }),
  );
  const p = policy.data;
  // the saved rule as guests read it in the portal's language (the server's one rendering), refreshed after a save
  const houseRule = useHouseCancellationIn(portalLocale());

  return (
    <Card role="region" aria-labelledby="payment-policy-title">
      <CardHeader>
        <CardTitle id="payment-policy-title">
          <Trans>Payments</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The deposit guests pay online when they book; the balance is paid at the house. A booking keeps the terms it
            was quoted.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <div className="grid gap-3 sm:grid-cols-3" aria-label={t`Loading the payment policy`}>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : policy.isError || !p ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <Trans>The payment policy could not be loaded.</Trans>
            <Button size="sm" variant="outline" onClick={() => void policy.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </p>
        ) : !canEdit ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">
                <Trans>Deposit</Trans>
              </dt>
              <dd className="font-medium">{depositText(p)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Cancellation</Trans>
              </dt>
              <dd className="font-medium" data-testid="policy-cancellation">
                {houseRule}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Non-refundable rate</Trans>
              </dt>
              <dd className="font-medium">
                {p.nonrefundable_enabled ? t`${p.nonrefundable_discount_percent} % cheaper, paid in full` : t`Off`}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Confirm each request before payment</Trans>
              </dt>
              <dd className="font-medium">{p.confirm_before_payment ? t`On` : t`Off`}</dd>
            </div>
          </dl>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Payment policy`}>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="pp-deposit-kind" label={t`Deposit`} error={errors.deposit_kind?.message}>
                <FieldControl>
                  <NativeSelect {...register('deposit_kind')}>
                    <option value="percent">{t`A percentage of the stay`}</option>
                    <option value="first_night">{t`The first night`}</option>
                  </NativeSelect>
                </FieldControl>
              </Field>
              <InputField
                id="pp-deposit-percent"
                label={t`Deposit (%)`}
                error={errors.deposit_percent?.message}
                hint={t`0 to 100. 0 = no online payment. Default 30.`}
                inputMode="numeric"
                readOnly={depositKind === 'first_night'}
                {...register('deposit_percent')}
              />
              <InputField
                id="pp-free-days"
                label={t`Cancellation window (days)`}
                error={errors.free_cancellation_days?.message}
                hint={t`0 to 365. Default 1 (24 hours). Guests read the rule as shown below.`}
                inputMode="numeric"
                {...register('free_cancellation_days')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <label className="flex items-center gap-2 text-sm font-medium sm:mt-8">
                <input type="checkbox" className="h-4 w-4" {...register('nonrefundable_enabled')} />
                <Trans>Offer a non-refundable rate</Trans>
              </label>
              <InputField
                id="pp-nonrefundable"
                label={t`Non-refundable discount (%)`}
                error={errors.nonrefundable_discount_percent?.message}
                hint={t`1 to 50. Paid in full now, never refunded. Default 10.`}
                inputMode="numeric"
                readOnly={!nonrefundable}
                {...register('nonrefundable_discount_percent')}
              />
              <div className="sm:mt-8">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-describedby="pp-confirm-first-hint"
                    {...register('confirm_before_payment')}
                  />
                  <Trans>Confirm each request before payment</Trans>
                </label>
                <p id="pp-confirm-first-hint" className="mt-1 text-xs text-muted-foreground">
                  <Trans>
                    On: no pay link with the request. When you confirm it on the Bookings screen, the guest is e-mailed
                    the link and can pay on their booking&apos;s page.
                  </Trans>
                </p>
              </div>
            </div>
            {houseRule && (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  Guests read: <span data-testid="policy-cancellation">{houseRule}</span>
                </Trans>
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending || !isDirty}>
                {update.isPending ? t`Saving...` : t`Save payment policy`}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
