import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { twoFactorQueries } from '../api/two-factor';
import { twoFactorStep } from '../logic/two-factor';
import { CodeForm } from './CodeForm';
import { EnrolPanel } from './EnrolPanel';

/**
 * Between the password and the portal: a staff member with a factor types its code (the session
 * becomes aal2); one without a factor, while two factors are required of staff, sets one up first.
 * The database refuses the same people what these screens hold back (public.mfa_satisfied()).
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const state = useQuery({ ...twoFactorQueries.state(user?.id ?? ''), enabled: Boolean(user) });

  if (state.isPending) return <PageLoader />;
  if (state.isError) {
    return (
      <GateCard title={t`Two-factor sign-in`} description={t`Your sign-in could not be checked.`}>
        <Button className="w-full" onClick={() => void state.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </GateCard>
    );
  }
  const step = twoFactorStep(state.data);
  if (step === 'challenge') {
    return (
      <GateCard
        title={t`Two-factor sign-in`}
        description={t`Enter the code from your authenticator app to open the admin portal.`}
        icon={<KeyRound className="mx-auto h-10 w-10 text-primary" aria-hidden="true" />}
      >
        <CodeForm factorId={state.data.factorId!} submitLabel={t`Verify`} />
      </GateCard>
    );
  }
  if (step === 'enrol') {
    return (
      <GateCard
        title={t`Set up two-factor sign-in`}
        description={t`The house requires two-factor sign-in for staff: it guards guests' documents, the police file and refunds. Set it up once to continue.`}
        icon={<ShieldCheck className="mx-auto h-10 w-10 text-primary" aria-hidden="true" />}
      >
        <EnrolPanel />
      </GateCard>
    );
  }
  return <>{children}</>;
}

function GateCard({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="space-y-2 text-center">
          {icon}
          <h1 className="font-serif text-2xl font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Button variant="ghost" className="mt-4" onClick={signOut}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        <Trans>Sign Out</Trans>
      </Button>
    </main>
  );
}
