import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toastSuccess } from '@/lib/toast';
import { useSaveComplianceSettings, type ComplianceSettingsValues } from '../api/privacy';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The settings' rules, with messages in the portal's language. */
export const settingsSchema = () =>
  z.object({
    cin: z
      .string()
      .transform((value) => blankToNull(value.toUpperCase()))
      .refine((value) => value === null || /^IT[0-9A-Z]{10,22}$/.test(value), {
        message: t`A CIN starts with IT followed by 10 to 22 letters and digits.`,
      }),
    stay_contact_retention_years: z.coerce
      .number()
      .int()
      .min(1, t`At least 1 year.`)
      .max(10, t`At most 10 years.`),
    contact_message_retention_months: z.coerce
      .number()
      .int()
      .min(1, t`At least 1 month.`)
      .max(60, t`At most 60 months.`),
    privacy_contact_email: z
      .string()
      .transform(blankToNull)
      .refine((value) => value === null || z.email().safeParse(value).success, {
        message: t`Enter an e-mail address.`,
      }),
    legal_name: z
      .string()
      .max(200, t`At most 200 characters.`)
      .transform(blankToNull),
    legal_address: z
      .string()
      .max(300, t`At most 300 characters.`)
      .transform(blankToNull),
    tax_code: z
      .string()
      .transform((value) => blankToNull(value.toUpperCase().replace(/\s/g, '')))
      .refine((value) => value === null || /^([A-Z0-9]{16}|(IT)?[0-9]{11})$/.test(value), {
        message: t`A codice fiscale has 16 letters and digits; a partita IVA 11 digits.`,
      }),
    vat_exempt_receipts: z.boolean(),
  });

type FormInput = z.input<ReturnType<typeof settingsSchema>>;

/** The CIN, the retention periods (each with its stated default) and who issues the receipts. */
export function PrivacySettingsForm({ current }: { current: ComplianceSettingsValues }) {
  const { t } = useLingui();
  const save = useSaveComplianceSettings();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, ComplianceSettingsValues>({
    resolver: zodResolver(settingsSchema()),
    values: {
      cin: current.cin ?? '',
      stay_contact_retention_years: current.stay_contact_retention_years,
      contact_message_retention_months: current.contact_message_retention_months,
      privacy_contact_email: current.privacy_contact_email ?? '',
      legal_name: current.legal_name ?? '',
      legal_address: current.legal_address ?? '',
      tax_code: current.tax_code ?? '',
      vat_exempt_receipts: current.vat_exempt_receipts,
    },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, { onSuccess: () => toastSuccess(t`Privacy settings saved`) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t`Privacy settings`}>
      <InputField
        id="cin"
        label={t`CIN (codice identificativo nazionale)`}
        hint={t`Shown in every public page's footer and structured data.`}
        error={errors.cin?.message}
        autoComplete="off"
        {...register('cin')}
      />
      <InputField
        id="privacy-email"
        label={t`Privacy contact e-mail`}
        hint={t`Empty: the site's contact e-mail.`}
        error={errors.privacy_contact_email?.message}
        type="email"
        {...register('privacy_contact_email')}
      />
      <InputField
        id="stay-years"
        label={t`Anonymise stay contact details after (years)`}
        hint={t`Name, e-mail, phone and requests, counted from departure. Default 2.`}
        error={errors.stay_contact_retention_years?.message}
        inputMode="numeric"
        {...register('stay_contact_retention_years')}
      />
      <InputField
        id="message-months"
        label={t`Delete contact messages after (months)`}
        hint={t`Counted from arrival. Default 12.`}
        error={errors.contact_message_retention_months?.message}
        inputMode="numeric"
        {...register('contact_message_retention_months')}
      />
      <InputField
        id="legal-name"
        label={t`Legal name (on receipts)`}
        error={errors.legal_name?.message}
        autoComplete="organization"
        {...register('legal_name')}
      />
      <InputField
        id="tax-code"
        label={t`Codice fiscale or partita IVA (on receipts)`}
        error={errors.tax_code?.message}
        autoComplete="off"
        {...register('tax_code')}
      />
      <InputField
        id="legal-address"
        label={t`Registered address (on receipts)`}
        error={errors.legal_address?.message}
        autoComplete="street-address"
        {...register('legal_address')}
      />
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="vat_exempt_receipts"
          render={({ field }) => (
            <Switch id="vat-exempt-receipts" checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        <Label htmlFor="vat-exempt-receipts">
          <Trans>VAT-exempt receipts (€2 stamp duty over €77.47)</Trans>
        </Label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : t`Save privacy settings`}
        </Button>
      </div>
    </form>
  );
}
