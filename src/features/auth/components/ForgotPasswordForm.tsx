import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastFailure } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/password';
import { resetRequestSchema, type ResetRequestValues } from '../schemas';

/**
 * "Forgot password?": asks for the address and has a reset link e-mailed. The answer is the same
 * whether or not the address has an account, so the form tells nobody who is registered.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetRequestValues>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    const address = email.trim();
    try {
      await request.mutateAsync(address);
      setSentTo(address);
    } catch (error) {
      toastFailure(
        'Could not send the reset link',
        error instanceof Error && error.message ? error.message : 'Please try again.',
      );
    }
  });

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <MailCheck className="mx-auto h-10 w-10 text-primary" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Check your email</h2>
        <p className="text-sm text-muted-foreground">
          If an account exists for {sentTo}, we have sent a link to set a new password. The link works once and expires
          in an hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">Reset your password</h2>
        <p className="text-sm text-muted-foreground">
          Enter the email address of your account and we will send you a link to set a new password.
        </p>
      </div>
      <FormField id="reset-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y('reset-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          autoFocus
          {...register('email')}
        />
      </FormField>
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        Send reset link
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
