import { z } from 'zod/mini';

export const AUTH_MESSAGES = {
  required: 'Email and password are required',
  signInPassword: 'Password must be at least 6 characters',
  email: 'Please enter a valid email address',
  signUpPassword: 'Password must be at least 8 characters',
  emailRequired: 'Please enter your email address',
  passwordsDiffer: 'The two passwords do not match',
} as const;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign in: both fields required, password at least 6 characters. */
export const signInSchema = z.object({ email: z.string().check(z.trim()), password: z.string() }).check(
  z.superRefine((values, ctx) => {
    if (!values.email || !values.password)
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.required, path: ['email'] });
    else if (values.password.length < 6)
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signInPassword, path: ['password'] });
  }),
);

/** Sign up: both required, a simple address pattern, password at least 8 characters; name optional. */
export const signUpSchema = z
  .object({
    name: z.string().check(z.trim(), z.maxLength(100)),
    email: z.string().check(z.trim()),
    password: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (!values.email || !values.password)
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.required, path: ['email'] });
      else if (!SIMPLE_EMAIL.test(values.email))
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.email, path: ['email'] });
      else if (values.password.length < 8)
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpPassword, path: ['password'] });
    }),
  );

/** Forgot password: one address, checked like the sign-up address. */
export const resetRequestSchema = z.object({ email: z.string().check(z.trim()) }).check(
  z.superRefine((values, ctx) => {
    if (!values.email) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.emailRequired, path: ['email'] });
    else if (!SIMPLE_EMAIL.test(values.email))
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.email, path: ['email'] });
  }),
);

/** Set a new password: the sign-up rule (at least 8 characters), typed twice. */
export const newPasswordSchema = z.object({ password: z.string(), confirm: z.string() }).check(
  z.superRefine((values, ctx) => {
    if (values.password.length < 8)
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpPassword, path: ['password'] });
    else if (values.confirm !== values.password)
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordsDiffer, path: ['confirm'] });
  }),
);

export type SignInValues = z.input<typeof signInSchema>;
export type SignUpValues = z.input<typeof signUpSchema>;
export type ResetRequestValues = z.input<typeof resetRequestSchema>;
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

/** An empty name defaults to the part of the e-mail before the @. */
export function signUpName(name: string, email: string): string {
  const trimmed = name.trim();
  return trimmed !== '' ? trimmed : email.trim().split('@')[0];
}
