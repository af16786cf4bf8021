import { t } from '@lingui/core/macro';
import { z } from 'zod/mini';

/** The forms' messages in the active language (evaluated when called, never at module load). */
export function authMessages() {
  return {
    required: t`Email and password are required`,
    signInPassword: t`Password must be at least 6 characters`,
    email: t`Please enter a valid email address`,
    signUpPassword: t`Password must be at least 8 characters`,
    emailRequired: t`Please enter your email address`,
    passwordsDiffer: t`The two passwords do not match`,
  };
}

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shortest password each form accepts: sign in 6 characters, sign up (and a new password) 8. */
export const PASSWORD_MIN = { signin: 6, signup: 8 } as const;

/** Sign in: both fields required, password at least 6 characters. */
export function signInSchema() {
  const messages = authMessages();
  return z.object({ email: z.string().check(z.trim()), password: z.string() }).check(
    z.superRefine((values, ctx) => {
      if (!values.email || !values.password)
        ctx.addIssue({ code: 'custom', message: messages.required, path: ['email'] });
      else if (values.password.length < PASSWORD_MIN.signin)
        ctx.addIssue({ code: 'custom', message: messages.signInPassword, path: ['password'] });
    }),
  );
}

/** Sign up: both required, a simple address pattern, password at least 8 characters; name optional. */
export function signUpSchema() {
  const messages = authMessages();
  return z
    .object({
      name: z.string().check(z.trim(), z.maxLength(100)),
      email: z.string().check(z.trim()),
      password: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!values.email || !values.password)
          ctx.addIssue({ code: 'custom', message: messages.required, path: ['email'] });
        else if (!SIMPLE_EMAIL.test(values.email))
          ctx.addIssue({ code: 'custom', message: messages.email, path: ['email'] });
        else if (values.password.length < PASSWORD_MIN.signup)
          ctx.addIssue({ code: 'custom', message: messages.signUpPassword, path: ['password'] });
      }),
    );
}

/** Forgot password: one address, checked like the sign-up address. */
export function resetRequestSchema() {
  const messages = authMessages();
  return z.object({ email: z.string().check(z.trim()) }).check(
    z.superRefine((values, ctx) => {
      if (!values.email) ctx.addIssue({ code: 'custom', message: messages.emailRequired, path: ['email'] });
      else if (!SIMPLE_EMAIL.test(values.email))
        ctx.addIssue({ code: 'custom', message: messages.email, path: ['email'] });
    }),
  );
}

/** Set a new password: the sign-up rule (at least 8 characters), typed twice. */
export function newPasswordSchema() {
  const messages = authMessages();
  return z.object({ password: z.string(), confirm: z.string() }).check(
    z.superRefine((values, ctx) => {
      if (values.password.length < PASSWORD_MIN.signup)
        ctx.addIssue({ code: 'custom', message: messages.signUpPassword, path: ['password'] });
      else if (values.confirm !== values.password)
        ctx.addIssue({ code: 'custom', message: messages.passwordsDiffer, path: ['confirm'] });
    }),
  );
}

export type SignInValues = z.input<ReturnType<typeof signInSchema>>;
export type SignUpValues = z.input<ReturnType<typeof signUpSchema>>;
export type ResetRequestValues = z.input<ReturnType<typeof resetRequestSchema>>;
export type NewPasswordValues = z.input<ReturnType<typeof newPasswordSchema>>;

/** An empty name defaults to the part of the e-mail before the @. */
export function signUpName(name: string, email: string): string {
  const trimmed = name.trim();
  return trimmed !== '' ? trimmed : email.trim().split('@')[0];
}

/**
 * The auth server's answers in the page's language: the known sentences translated, any other
 * shown as sent (evaluated when called).
 */
export function authErrorText(message: string | undefined): string {
  if (!message) return t`Something went wrong. Please try again.`;
  switch (message) {
    case 'Invalid login credentials':
      return t`Invalid login credentials`;
    case 'Email not confirmed':
      return t`Email not confirmed`;
    case 'User already registered':
      return t`User already registered`;
    default:
      return message;
  }
}
