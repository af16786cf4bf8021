import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toastSuccess } from '@/lib/toast';
import { bookingQueries, useUpdateBookingSettings } from '../api/bookings';
import {
  bookingSettingsFormValues,
  bookingSettingsSchema,
  HOST_EMAIL_LANGUAGES,
  type BookingSettingsForm,
  type BookingSettingsValues,
} from '../logic/schemas';

/**
 * "Booking requests": how long a request holds its room before and after the guest confirms it,
 * where new requests are announced and the language of the host's e-mails. Admins change them;
 * staff read them.
 */
export function BookingSettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  // the e-mails' language, named in the portal's language
  const languageNames: Record<(typeof HOST_EMAIL_LANGUAGES)[number], string> = { en: t`English`, it: t`Italian` };
  const languageOptions = HOST_EMAIL_LANGUAGES.map((language) => ({ value: language, label: languageNames[language] }));
  const settings = useQuery(bookingQueries.settings());
  const update = useUpdateBookingSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<BookingSettingsForm, unknown, BookingSettingsValues>({
    resolver: zodResolver(bookingSettingsSchema),
    defaultValues: bookingSettingsFormValues(settings.data),
  });

  useEffect(() => {
    if (settings.data) reset(bookingSettingsFormValues(settings.data));
  }, [settings.data, reset]);

  const minutes = settings.data?.unconfirmed_hold_minutes ?? '—';
  const hours = settings.data?.confirmed_hold_hours ?? '—';

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(bookingSettingsFormValues(saved));
        toastSuccess(t`Booking settings saved`);
      },
    }),
  );

  return (
    <Card role="region" aria-labelledby="booking-settings-title">
      <CardHeader>
        <CardTitle id="booking-settings-title" className="font-sans text-lg">
          <Trans>Booking requests</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A new request holds its room until the guest confirms it from the acknowledgement e-mail, then until you
            answer. A request whose hold ends expires and its nights are free again.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Loading the booking settings`}>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : !canEdit ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">
                <Trans>Hold until the guest confirms</Trans>
              </dt>
              <dd className="font-medium">{t`${minutes} minutes`}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Hold for your answer</Trans>
              </dt>
              <dd className="font-medium">{t`${hours} hours`}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Notification e-mail</Trans>
              </dt>
              <dd className="break-all font-medium">
                {settings.data?.notification_email || t`The contact e-mail of the site`}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Host e-mails' language</Trans>
              </dt>
              <dd className="font-medium">
                {languageNames[settings.data?.host_email_language === 'it' ? 'it' : 'en']}
              </dd>
            </div>
          </dl>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Booking request settings`}>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <InputField
                id="bs-unconfirmed"
                label={t`Hold until the guest confirms (minutes)`}
                error={errors.unconfirmed_hold_minutes?.message}
                hint={t`5 to 1440. Default 30.`}
                inputMode="numeric"
                {...register('unconfirmed_hold_minutes')}
              />
              <InputField
                id="bs-confirmed"
                label={t`Hold for your answer (hours)`}
                error={errors.confirmed_hold_hours?.message}
                hint={t`1 to 336. Default 48.`}
                inputMode="numeric"
                {...register('confirmed_hold_hours')}
              />
              <InputField
                id="bs-email"
                label={t`Notification e-mail (optional)`}
                error={errors.notification_email?.message}
                hint={t`Where new requests are sent. Empty: the site's contact e-mail.`}
                type="email"
                autoComplete="off"
                {...register('notification_email')}
              />
              <Field
                id="bs-host-language"
                label={t`Host e-mails' language`}
                error={errors.host_email_language?.message}
                hint={t`The e-mails the house receives: new requests, guests' confirmations and cancellations.`}
              >
                <FieldControl>
                  <NativeSelect {...register('host_email_language')} options={languageOptions} />
                </FieldControl>
              </Field>
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending || !isDirty}>
                {update.isPending ? t`Saving...` : t`Save settings`}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
