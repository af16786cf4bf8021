import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useSendContactMessage } from '../api/contact';
import {
  checkContact,
  CONTACT_LIMITS,
  contactFailureToast,
  contactSuccessToast,
  emptyContactValues,
  type ContactValues,
} from '../logic/contact';

/** Name, email, optional phone and message, sent to the send-contact-email function. */
export default function ContactForm({ hostEmail, hostPhone }: { hostEmail: string; hostPhone: string }) {
  const { t } = useLingui();
  const send = useSendContactMessage();
  const { register, handleSubmit, reset, setFocus } = useForm<ContactValues>({ defaultValues: emptyContactValues() });

  const onSubmit = async (values: ContactValues) => {
    const check = checkContact(values);
    if (!check.ok) {
      toastFailure(check.title, check.description);
      setFocus(check.field);
      return;
    }
    try {
      await send.mutateAsync(check.payload);
      const message = contactSuccessToast(check.payload.email);
      toastSuccess(message.title, message.description);
      reset(emptyContactValues());
    } catch (error) {
      console.error('Error sending contact message:', error);
      const message = contactFailureToast(hostEmail, hostPhone);
      toastFailure(message.title, message.description);
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-busy={send.isPending}
      aria-label={t`Contact us`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contact-name" label={t`Name`}>
          <FieldControl>
            <Input autoComplete="name" maxLength={CONTACT_LIMITS.name} aria-required="true" {...register('name')} />
          </FieldControl>
        </Field>
        <Field id="contact-email" label={t`Email`}>
          <FieldControl>
            <Input
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              aria-required="true"
              {...register('email')}
            />
          </FieldControl>
        </Field>
      </div>
      <Field id="contact-phone" label={t`Phone (optional)`}>
        <FieldControl>
          <Input type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} {...register('phone')} />
        </FieldControl>
      </Field>
      <Field id="contact-message" label={t`Message`}>
        <FieldControl>
          <Textarea rows={6} maxLength={CONTACT_LIMITS.message} aria-required="true" {...register('message')} />
        </FieldControl>
      </Field>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {send.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Send className="h-4 w-4" aria-hidden="true" />
        )}
        <Trans>Send Message</Trans>
      </Button>
    </form>
  );
}
