import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { errorMessage } from '@/lib/postgrest-error';
import { reportSignIn } from '@/lib/security-events';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useSignIn, useSignUp } from '../api/sign-in';
import {
  authErrorText,
  PASSWORD_MIN,
  signInSchema,
  signUpName,
  signUpSchema,
  type SignUpValues,
} from '../logic/schemas';

export type AuthMode = 'signin' | 'signup';

/**
 * The one sign-in / sign-up form of the admin portal. Sign in: e-mail and password (at least 6
 * characters), then the portal (`target`). Sign up: an optional name (the e-mail's local part when
 * left empty), e-mail and password (at least 8 characters); the account is confirmed by e-mail.
 * Field and error ids start with the mode (`signin-email`, `signup-error`).
 */
export function AuthForm({
  mode,
  target = '/admin',
  onForgotPassword,
}: {
  mode: AuthMode;
  /** where a signed-in user goes (sign in only) */
  target?: string;
  /** "Forgot password?" with the e-mail typed so far (sign in only) */
  onForgotPassword?: (email: string) => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const signingUp = mode === 'signup';
  // built in the page's language; zod issues carry the messages
  const schema = useMemo(
    () => (signingUp ? signUpSchema() : signInSchema()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
    [signingUp, i18n.locale],
  );
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<SignUpValues>({
    resolver: zodResolver(schema as ReturnType<typeof signUpSchema>),
    defaultValues: { name: '', email: '', password: '' },
  });
  const message = errors.email?.message ?? errors.password?.message ?? errors.name?.message;
  const pending = signingUp ? signUp.isPending : signIn.isPending;
  const id = (field: string) => `${mode}-${field}`;

  const onSubmit = async (values: SignUpValues) => {
    const email = values.email.trim();
    if (signingUp) {
      try {
        await signUp.mutateAsync({ email, password: values.password, name: signUpName(values.name, email) });
        toastSuccess(t`Account created successfully! Please check your email to confirm.`);
        reset();
      } catch (error) {
        toastFailure(t`Sign Up Error`, authErrorText(errorMessage(error)));
      }
      return;
    }
    try {
      await signIn.mutateAsync({ email, password: values.password });
      reportSignIn(email, { ok: true });
      toastSuccess(t`Signed in successfully!`);
      navigate(target, { replace: true });
    } catch (error) {
      const reason = errorMessage(error);
      reportSignIn(email, { ok: false, reason: reason ?? 'Something went wrong. Please try again.' });
      toastFailure(t`Sign In Error`, authErrorText(reason));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-describedby={message ? id('error') : undefined}
    >
      {signingUp && (
        <Field id={id('name')} label={t`Name (optional)`}>
          <FieldControl>
            <Input autoComplete="name" maxLength={100} {...register('name')} />
          </FieldControl>
        </Field>
      )}
      <Field id={id('email')} label={t`Email`}>
        <FieldControl>
          <Input type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} {...register('email')} />
        </FieldControl>
      </Field>
      <Field id={id('password')} label={t`Password`}>
        <FieldControl>
          <Input
            type="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            minLength={PASSWORD_MIN.signin}
            aria-invalid={Boolean(errors.password)}
            {...register('password')}
          />
        </FieldControl>
      </Field>
      <FieldError id={id('error')} message={message} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {signingUp ? <Trans>Sign Up</Trans> : <Trans>Sign In</Trans>}
      </Button>
      {!signingUp && onForgotPassword && (
        <Button
          type="button"
          variant="link"
          className="justify-self-center"
          onClick={() => onForgotPassword(getValues('email').trim())}
        >
          <Trans>Forgot password?</Trans>
        </Button>
      )}
    </form>
  );
}
