import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { PageLoader } from '@/components/ui/page-loader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { reportSignIn } from '@/lib/security-events';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSignIn, useSignUp } from '@/features/auth/api/sign-in';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { useAuth } from '@/lib/auth/AuthProvider';
import { signInSchema, signUpName, signUpSchema, type SignInValues, type SignUpValues } from '@/features/auth/schemas';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** /auth: sign in and sign up for the admin portal; a signed-in user goes to /admin. */
export default function AuthPage() {
  usePageMeta(
    'Sign in · Colosseum Guest House',
    'Sign in or create an account for the Colosseum Guest House admin portal.',
  );
  const { user, loading } = useAuth();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/admin') ? from : '/admin';
  // the address to prefill in "Forgot password?", or null while the sign-in tabs show
  const [resetEmail, setResetEmail] = useState<string | null>(null);

  if (loading) return <PageLoader />;
  if (user) return <Navigate to={target} replace />;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="font-serif text-2xl font-semibold">Admin Portal</h1>
          <CardDescription>Sign in to manage the Colosseum Guest House</CardDescription>
        </CardHeader>
        <CardContent>
          {resetEmail !== null ? (
            <ForgotPasswordForm initialEmail={resetEmail} onBack={() => setResetEmail(null)} />
          ) : (
            <Tabs defaultValue="signin">
              <TabsList className="grid h-auto w-full grid-cols-2">
                <TabsTrigger value="signin" className="min-h-10">
                  Sign In
                </TabsTrigger>
                <TabsTrigger value="signup" className="min-h-10">
                  Sign Up
                </TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm target={target} onForgotPassword={setResetEmail} />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
      <Link
        to="/"
        className="mt-4 inline-flex min-h-10 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to website
      </Link>
    </main>
  );
}

function SignInForm({ target, onForgotPassword }: { target: string; onForgotPassword: (email: string) => void }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const message = errors.email?.message ?? errors.password?.message;

  const onSubmit = async (values: SignInValues) => {
    try {
      await signIn.mutateAsync({ email: values.email.trim(), password: values.password });
      reportSignIn(values.email.trim(), { ok: true });
      toastSuccess('Signed in successfully!');
      navigate(target, { replace: true });
    } catch (error) {
      reportSignIn(values.email.trim(), { ok: false, reason: errorMessage(error) });
      toastFailure('Sign In Error', errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-describedby={message ? 'signin-error' : undefined}
    >
      <FormField id="signin-email" label="Email">
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          {...register('email')}
        />
      </FormField>
      <FormField id="signin-password" label="Password">
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          minLength={6}
          aria-invalid={Boolean(errors.password)}
          {...register('password')}
        />
      </FormField>
      <FieldError id="signin-error" message={message} />
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        Sign In
      </Button>
      <Button
        type="button"
        variant="link"
        className="justify-self-center"
        onClick={() => onForgotPassword(getValues('email').trim())}
      >
        Forgot password?
      </Button>
    </form>
  );
}

function SignUpForm() {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const message = errors.email?.message ?? errors.password?.message ?? errors.name?.message;

  const onSubmit = async (values: SignUpValues) => {
    try {
      const email = values.email.trim();
      await signUp.mutateAsync({ email, password: values.password, name: signUpName(values.name, email) });
      toastSuccess('Account created successfully! Please check your email to confirm.');
      reset();
    } catch (error) {
      toastFailure('Sign Up Error', errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-describedby={message ? 'signup-error' : undefined}
    >
      <FormField id="signup-name" label="Name (optional)">
        <Input id="signup-name" autoComplete="name" maxLength={100} {...register('name')} />
      </FormField>
      <FormField id="signup-email" label="Email">
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          {...register('email')}
        />
      </FormField>
      <FormField id="signup-password" label="Password">
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          minLength={6}
          aria-invalid={Boolean(errors.password)}
          {...register('password')}
        />
      </FormField>
      <FieldError id="signup-error" message={message} />
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        Sign Up
      </Button>
    </form>
  );
}
