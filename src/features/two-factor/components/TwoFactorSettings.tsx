import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PageLoader } from '@/components/ui/page-loader';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/lib/auth/AuthProvider';
import { toastSuccess } from '@/lib/toast';
import { twoFactorQueries, useRemoveFactor, useSetStaffMfaRequired } from '../api/two-factor';
import { EnrolPanel } from './EnrolPanel';

/** /admin/two-factor: one's own authenticator app (set up, remove) and, for admins, the rule for all staff. */
export function TwoFactorSettings() {
  const { t } = useLingui();
  const { user, isAdmin } = useAuth();
  const state = useQuery(twoFactorQueries.state(user?.id ?? ''));
  const remove = useRemoveFactor();
  const setRequired = useSetStaffMfaRequired();
  const [enrolling, setEnrolling] = useState(false);

  const pageTitle = `${t`Two-factor sign-in`} · ${t`Admin Dashboard`}`;
  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);

  if (state.isPending) return <PageLoader />;
  if (state.isError) {
    return (
      <div className="space-y-3 py-8 text-center">
        <p className="text-destructive">
          <Trans>Failed to load your two-factor sign-in.</Trans>
        </p>
        <Button variant="outline" onClick={() => void state.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const { factorId, required } = state.data;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="font-serif text-2xl font-semibold">
        <Trans>Two-factor sign-in</Trans>
      </h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
            <Trans>Your authenticator app</Trans>
            {factorId ? (
              <Badge>
                <Trans>On</Trans>
              </Badge>
            ) : (
              <Badge variant="outline">
                <Trans>Off</Trans>
              </Badge>
            )}
          </CardTitle>
          <CardDescription>
            <Trans>
              After your password, the portal asks for a 6-digit code from an app on your phone, so a stolen password
              alone opens nothing.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {factorId ? (
            <div className="space-y-3">
              <p className="flex items-center gap-2 text-sm">
                <ShieldCheck className="h-4 w-4 text-primary" aria-hidden="true" />
                <Trans>Two-factor sign-in is on for your account.</Trans>
              </p>
              <Button
                variant="outline"
                disabled={remove.isPending || required}
                onClick={() => remove.mutate(factorId, { onSuccess: () => toastSuccess(t`Factor removed`) })}
              >
                <ShieldOff className="h-4 w-4" aria-hidden="true" />
                <Trans>Remove factor</Trans>
              </Button>
              {required && (
                <p className="text-xs text-muted-foreground">
                  <Trans>
                    Two-factor sign-in is required for staff, so it stays on. Lost your phone? An admin can reset it on
                    Users.
                  </Trans>
                </p>
              )}
            </div>
          ) : enrolling ? (
            <EnrolPanel
              onDone={() => {
                setEnrolling(false);
                toastSuccess(t`Two-factor sign-in is on`);
              }}
            />
          ) : (
            <Button onClick={() => setEnrolling(true)}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              <Trans>Set up two-factor sign-in</Trans>
            </Button>
          )}
        </CardContent>
      </Card>
      {isAdmin && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">
              <Trans>For all staff</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>
                Required, every staff member and admin confirms their sign-in with a code, and those without an app set
                one up at their next sign-in. Guests&apos; documents, the police file, refunds, users, integrations and
                privacy requests need it either way for anyone who has set one up.
              </Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2">
            <div className="flex items-center gap-3">
              <Switch
                id="require-staff-mfa"
                checked={required}
                disabled={setRequired.isPending || (!required && !factorId)}
                onCheckedChange={(on) =>
                  setRequired.mutate(on, {
                    onSuccess: () => toastSuccess(on ? t`Two factors required for all staff` : t`Two factors optional`),
                  })
                }
              />
              <Label htmlFor="require-staff-mfa">
                <Trans>Require two-factor sign-in for all staff</Trans>
              </Label>
            </div>
            {!required && !factorId && (
              <p className="text-xs text-muted-foreground">
                <Trans>Set up your own authenticator app first.</Trans>
              </p>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
