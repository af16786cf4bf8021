import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, MailCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/postgrest-error';
import { toastFailure } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/password';
import { authErrorText, resetRequestSchema, type ResetRequestValues } from '../logic/schemas';

/**
 * "Forgot password?": asks for the address and has a reset link e-mailed. The answer is the same
 * whether or not the address has an account, so the form tells nobody who is registered.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const request = useRequestPasswordReset();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const schema = useMemo(() => resetRequestSchema(), [i18n.locale]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetRequestValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    const address = email.trim();
    try {
      await request.mutateAsync(address);
      setSentTo(address);
    } catch (error) {
      const reason = errorMessage(error);
      toastFailure(t`Could not send the reset link`, reason ? authErrorText(reason) : t`Please try again.`);
    }
  });

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <MailCheck className="mx-auto h-10 w-10 text-primary" aria-hidden="true" />
        <h2 className="text-lg font-semibold">
          <Trans>Check your email</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            If an account exists for {sentTo}, we have sent a link to set a new password. The link works once and
            expires in an hour.
          </Trans>
        </p>
        <Button variant="outline" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">
          <Trans>Reset your password</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Enter the email address of your account and we will send you a link to set a new password.</Trans>
        </p>
      </div>
      <Field id="reset-email" label={t`Email`} error={errors.email?.message}>
        <FieldControl>
          <Input type="email" autoComplete="email" autoFocus {...register('email')} />
        </FieldControl>
      </Field>
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        <Trans>Send reset link</Trans>
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        <Trans>Back to sign in</Trans>
      </Button>
    </form>
  );
}
