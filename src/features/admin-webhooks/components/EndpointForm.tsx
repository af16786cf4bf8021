import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toastFailure } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { missingUrl, webhookEvents, type WebhookEndpoint } from '../logic/webhooks';
import { endpointFormDefaults, endpointFormSchema, type EndpointFormValues } from '../logic/schemas';

/** An address, the same in every language. */
const URL_EXAMPLE = 'https://hooks.zapier.com/hooks/catch/...';

/** URL, description, events and the guest-details opt-in of one endpoint (new or existing). */
export function EndpointForm({
  endpoint,
  idPrefix,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  endpoint?: WebhookEndpoint | null;
  idPrefix: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: EndpointFormValues, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EndpointFormValues>({
    resolver: zodResolver(endpointFormSchema()),
    defaultValues: endpointFormDefaults(endpoint),
  });
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = handleSubmit(
    (values) => onSubmit(values, () => reset(endpointFormDefaults(endpoint))),
    (invalid) => {
      const missing = missingUrl();
      if (invalid.url?.message === missing.description) {
        toastFailure(missing.title, missing.description);
      }
    },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        id={id('url')}
        label={t`Webhook URL`}
        error={errors.url?.message}
        hint={t`The address Zapier (or any receiver) gives you, e.g. https://hooks.zapier.com/hooks/catch/…`}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder={URL_EXAMPLE}
        {...register('url')}
      />
      <InputField
        id={id('description')}
        label={t`Description`}
        error={errors.description?.message}
        placeholder={t`New bookings to the front-desk sheet`}
        {...register('description')}
      />
      <fieldset className="space-y-2" aria-describedby={errors.event_types ? `${id('events')}-error` : undefined}>
        <legend className="text-sm font-medium">
          <Trans>Events</Trans>
        </legend>
        <Controller
          control={control}
          name="event_types"
          render={({ field }) => (
            <div className="grid gap-x-4 sm:grid-cols-2">
              {/* the whole label is the touch target: 40 px tall */}
              {webhookEvents().map((event) => (
                <label
                  key={event.value}
                  className="flex min-h-10 cursor-pointer flex-wrap items-center gap-x-2 text-sm"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary"
                    checked={field.value.includes(event.value)}
                    onChange={(change) =>
                      field.onChange(
                        change.target.checked
                          ? [...field.value, event.value]
                          : field.value.filter((value) => value !== event.value),
                      )
                    }
                  />
                  {event.label}
                  <code className="text-xs text-muted-foreground">{event.value}</code>
                </label>
              ))}
            </div>
          )}
        />
        <FieldError id={`${id('events')}-error`} message={errors.event_types?.message} />
      </fieldset>
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name="include_guest_details"
          render={({ field }) => <Switch id={id('guest')} checked={field.value} onCheckedChange={field.onChange} />}
        />
        <div>
          <Label htmlFor={id('guest')}>
            <Trans>Include guest name and e-mail</Trans>
          </Label>
          <p className="text-xs text-muted-foreground">
            <Trans>Off: events carry the booking reference, room and dates only.</Trans>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? t`Saving...` : submitLabel}
        </Button>
      </div>
    </form>
  );
}
