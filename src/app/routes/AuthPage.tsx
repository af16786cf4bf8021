import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLocalizedPath } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { AuthForm } from '@/features/auth/components/AuthForm';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { useAuth } from '@/lib/auth/AuthProvider';

/** /auth (and /it/auth, /fr/auth): sign in and sign up for the admin portal; a signed-in user goes to /admin. */
export default function AuthPage() {
  const { t } = useLingui();
  const localized = useLocalizedPath();
  usePageMeta(
    t`Sign in · Colosseum Guest House`,
    t`Sign in or create an account for the Colosseum Guest House admin portal.`,
  );
  const { user, loading } = useAuth();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  // the portal is English and has no language prefix
  const target = from && from.startsWith('/admin') ? from : '/admin';
  // the address to prefill in "Forgot password?", or null while the sign-in tabs show
  const [resetEmail, setResetEmail] = useState<string | null>(null);

  if (loading) return <PageLoader />;
  if (user) return <Navigate to={target} replace />;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="font-serif text-2xl font-semibold">
            <Trans>Admin Portal</Trans>
          </h1>
          <CardDescription>
            <Trans>Sign in to manage the Colosseum Guest House</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {resetEmail !== null ? (
            <ForgotPasswordForm initialEmail={resetEmail} onBack={() => setResetEmail(null)} />
          ) : (
            <Tabs defaultValue="signin">
              <TabsList className="grid h-auto w-full grid-cols-2">
                <TabsTrigger value="signin" className="min-h-10">
                  <Trans>Sign In</Trans>
                </TabsTrigger>
                <TabsTrigger value="signup" className="min-h-10">
                  <Trans>Sign Up</Trans>
                </TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <AuthForm mode="signin" target={target} onForgotPassword={setResetEmail} />
              </TabsContent>
              <TabsContent value="signup">
                <AuthForm mode="signup" />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
      <Link
        to={localized('/')}
        className="mt-4 inline-flex min-h-10 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Back to website</Trans>
      </Link>
    </main>
  );
}
