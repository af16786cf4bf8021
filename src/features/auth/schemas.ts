import { z } from 'zod/mini';

export const AUTH_MESSAGES = {
  required: 'Email and password are required',
  signInPassword: 'Password must be at least 6 characters',
  email: 'Please enter a valid email address',
  signUpPassword: 'Password must be at least 8 characters',
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

export type SignInValues = z.input<typeof signInSchema>;
export type SignUpValues = z.input<typeof signUpSchema>;

/** An empty name defaults to the part of the e-mail before the @. */
export function signUpName(name: string, email: string): string {
  const trimmed = name.trim();
  return trimmed !== '' ? trimmed : email.trim().split('@')[0];
}
