import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuth } from '@/lib/auth/AuthProvider';
import { linkFailure } from '@/lib/auth/links';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSetNewPassword } from '@/features/auth/api/password';
import { newPasswordSchema, type NewPasswordValues } from '@/features/auth/schemas';

/**
 * /auth/reset-password: where a password-reset or invite link lands. The link has signed the user
 * in (supabase-js reads the session from the address); they choose a password, then go to /admin.
 */
export default function SetPasswordPage() {
  usePageMeta('Set a new password · Colosseum Guest House', 'Choose a new password for the admin portal.');
  const { user, loading } = useAuth();
  // Read before anything rewrites the address: supabase-js leaves a failed link's error in place.
  const [failure] = useState(() => linkFailure(window.location.hash, window.location.search));

  if (loading) return <PageLoader />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="font-serif text-2xl font-semibold">Set a new password</h1>
          {user && !failure && (
            <CardDescription>Choose the password you will use to sign in as {user.email}.</CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {failure || !user ? <InvalidLink reason={failure?.description} /> : <NewPasswordForm />}
        </CardContent>
      </Card>
    </main>
  );
}

function InvalidLink({ reason }: { reason?: string }) {
  return (
    <div className="grid gap-4 text-center" role="alert">
      <TriangleAlert className="mx-auto h-10 w-10 text-destructive" aria-hidden="true" />
      <p className="font-medium">This link is invalid or has expired.</p>
      {reason && <p className="text-sm text-muted-foreground">{reason}</p>}
      <p className="text-sm text-muted-foreground">
        Links from our e-mails work once and expire after an hour. Ask for a new one from the sign-in page.
      </p>
      <Link to="/auth" className={buttonClasses('default')}>
        Go to sign in
      </Link>
    </div>
  );
}

function NewPasswordForm() {
  const navigate = useNavigate();
  const setPassword = useSetNewPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await setPassword.mutateAsync(password);
      toastSuccess('Your password has been set.');
      navigate('/admin', { replace: true });
    } catch (error) {
      toastFailure(
        'Could not set the password',
        error instanceof Error && error.message ? error.message : 'Please try again.',
      );
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id="new-password" label="New password" error={errors.password?.message} hint="At least 8 characters.">
        <Input
          {...fieldA11y('new-password', errors.password?.message)}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...register('password')}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirm?.message}>
        <Input
          {...fieldA11y('confirm-password', errors.confirm?.message)}
          type="password"
          autoComplete="new-password"
          {...register('confirm')}
        />
      </FormField>
      <Button type="submit" disabled={setPassword.isPending} className="w-full">
        {setPassword.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <KeyRound className="h-4 w-4" aria-hidden="true" />
        )}
        Set password
      </Button>
    </form>
  );
}
