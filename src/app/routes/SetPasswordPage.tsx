import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Loader2, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuth } from '@/lib/auth/AuthProvider';
import { linkFailure } from '@/lib/auth/links';
import { useLocalizedPath } from '@/lib/i18n';
import { errorMessage } from '@/lib/postgrest-error';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSetNewPassword } from '@/features/auth/api/password';
import { authErrorText, newPasswordSchema, type NewPasswordValues } from '@/features/auth/logic/schemas';

/**
 * /auth/reset-password: where a password-reset or invite link lands. The link has signed the user
 * in (supabase-js reads the session from the address); they choose a password, then go to /admin.
 */
export default function SetPasswordPage() {
  const { t } = useLingui();
  usePageMeta(t`Set a new password · Colosseum Guest House`, t`Choose a new password for the admin portal.`);
  const { user, loading } = useAuth();
  // Read before anything rewrites the address: supabase-js leaves a failed link's error in place.
  const [failure] = useState(() => linkFailure(window.location.hash, window.location.search));

  if (loading) return <PageLoader />;
  const email = user?.email;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="font-serif text-2xl font-semibold">
            <Trans>Set a new password</Trans>
          </h1>
          {user && !failure && (
            <CardDescription>
              <Trans>Choose the password you will use to sign in as {email}.</Trans>
            </CardDescription>
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
  const localized = useLocalizedPath();
  return (
    <div className="grid gap-4 text-center" role="alert">
      <TriangleAlert className="mx-auto h-10 w-10 text-destructive" aria-hidden="true" />
      <p className="font-medium">
        <Trans>This link is invalid or has expired.</Trans>
      </p>
      {reason && <p className="text-sm text-muted-foreground">{reason}</p>}
      <p className="text-sm text-muted-foreground">
        <Trans>
          Links from our e-mails work once and expire after an hour. Ask for a new one from the sign-in page.
        </Trans>
      </p>
      <Button asChild>
        <Link to={localized('/auth')}>
          <Trans>Go to sign in</Trans>
        </Link>
      </Button>
    </div>
  );
}

function NewPasswordForm() {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const setPassword = useSetNewPassword();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const schema = useMemo(() => newPasswordSchema(), [i18n.locale]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await setPassword.mutateAsync(password);
      toastSuccess(t`Your password has been set.`);
      navigate('/admin', { replace: true });
    } catch (error) {
      const reason = errorMessage(error);
      toastFailure(t`Could not set the password`, reason ? authErrorText(reason) : t`Please try again.`);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        id="new-password"
        label={t`New password`}
        error={errors.password?.message}
        hint={t`At least 8 characters.`}
      >
        <FieldControl>
          <Input type="password" autoComplete="new-password" autoFocus {...register('password')} />
        </FieldControl>
      </Field>
      <Field id="confirm-password" label={t`Confirm new password`} error={errors.confirm?.message}>
        <FieldControl>
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
        </FieldControl>
      </Field>
      <Button type="submit" disabled={setPassword.isPending} className="w-full">
        {setPassword.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <KeyRound className="h-4 w-4" aria-hidden="true" />
        )}
        <Trans>Set password</Trans>
      </Button>
    </form>
  );
}
