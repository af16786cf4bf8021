import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toastSuccess } from '@/lib/toast';
import { bookingQueries, useUpdateBookingSettings } from '../api/bookings';
import {
  bookingSettingsFormValues,
  bookingSettingsSchema,
  type BookingSettingsForm,
  type BookingSettingsValues,
} from '../logic/schemas';

/**
 * "Booking requests": how long a request holds its room before and after the guest confirms it,
 * and where new requests are announced. Admins change them; staff read them.
 */
export function BookingSettingsCard({ canEdit }: { canEdit: boolean }) {
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

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(bookingSettingsFormValues(saved));
        toastSuccess('Booking settings saved');
      },
    }),
  );

  return (
    <Card role="region" aria-labelledby="booking-settings-title">
      <CardHeader>
        <CardTitle id="booking-settings-title" className="font-sans text-lg">
          Booking requests
        </CardTitle>
        <CardDescription>
          A new request holds its room until the guest confirms it from the acknowledgement e-mail, then until you
          answer. A request whose hold ends expires and its nights are free again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="grid gap-3 sm:grid-cols-3" aria-label="Loading the booking settings">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : !canEdit ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Hold until the guest confirms</dt>
              <dd className="font-medium">{settings.data?.unconfirmed_hold_minutes ?? '—'} minutes</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Hold for your answer</dt>
              <dd className="font-medium">{settings.data?.confirmed_hold_hours ?? '—'} hours</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Notification e-mail</dt>
              <dd className="break-all font-medium">
                {settings.data?.notification_email || 'The contact e-mail of the site'}
              </dd>
            </div>
          </dl>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Booking request settings">
            <div className="grid gap-4 sm:grid-cols-3">
              <InputField
                id="bs-unconfirmed"
                label="Hold until the guest confirms (minutes)"
                error={errors.unconfirmed_hold_minutes?.message}
                hint="5 to 1440. Default 30."
                inputMode="numeric"
                {...register('unconfirmed_hold_minutes')}
              />
              <InputField
                id="bs-confirmed"
                label="Hold for your answer (hours)"
                error={errors.confirmed_hold_hours?.message}
                hint="1 to 336. Default 48."
                inputMode="numeric"
                {...register('confirmed_hold_hours')}
              />
              <InputField
                id="bs-email"
                label="Notification e-mail (optional)"
                error={errors.notification_email?.message}
                hint="Where new requests are sent. Empty: the site's contact e-mail."
                type="email"
                autoComplete="off"
                {...register('notification_email')}
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending || !isDirty}>
                {update.isPending ? 'Saving...' : 'Save settings'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
