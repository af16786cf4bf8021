import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { FunctionCallError } from '@/lib/edge-functions';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { paperworkQueries, useSavePoliceAccount } from '../api/paperwork';
import { romeTime } from '../logic/days';
import { accountRefusal } from '../logic/submissions';

/** The Alloggiati Web account (admins): saved after the service accepts it, never shown back. */
export function PoliceAccountCard() {
  const { t, i18n } = useLingui();
  const account = useQuery(paperworkQueries.account());
  const save = useSavePoliceAccount();
  const [form, setForm] = useState({ utente: '', password: '', wskey: '' });
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.utente.trim() || !form.password || !form.wskey.trim()) {
      setError(t`Please enter the user, the password and the WSKey.`);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(form);
      setForm({ utente: '', password: '', wskey: '' });
      toastSuccess(t`Account saved`, t`Alloggiati Web accepted it; guests are now sent after check-in.`);
    } catch (failure) {
      const message = accountRefusal(failure instanceof FunctionCallError ? failure.serverMessage : undefined);
      setError(message);
      toastFailure(t`Account not saved`, message, failure);
    }
  };

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Alloggiati Web account</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The user and password of the portal and the web service’s WSKey (generated on the portal once signed in).
            Tried with the service when saved; kept on the server and never shown again.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {account.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : account.isError ? (
          <p className="text-destructive">
            <Trans>Failed to load the account.</Trans>
          </p>
        ) : account.data.alloggiati_set ? (
          <AccountSaved
            user={account.data.alloggiati_user_masked ?? ''}
            testedAt={
              account.data.alloggiati_tested_at ? romeTime(account.data.alloggiati_tested_at, i18n.locale) : null
            }
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>No account yet: staff file the day by hand (download below).</Trans>
          </p>
        )}
        <form
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-3 sm:grid-cols-3"
          aria-label={t`Alloggiati Web account`}
        >
          <Field label={t`User`} error={error}>
            <FieldControl>
              <Input autoComplete="off" value={form.utente} onChange={set('utente')} />
            </FieldControl>
          </Field>
          <Field label={t`Password`}>
            <FieldControl>
              <Input type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
            </FieldControl>
          </Field>
          <Field label={t`WSKey`}>
            <FieldControl>
              <Input type="password" autoComplete="off" value={form.wskey} onChange={set('wskey')} />
            </FieldControl>
          </Field>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <KeyRound className="h-4 w-4" aria-hidden="true" />
              )}
              <Trans>Try and save</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** "Saved: user RM…ER, accepted by the service on 2 Dec 2026, 10:05." */
function AccountSaved({ user, testedAt }: { user: string; testedAt: string | null }) {
  return (
    <p className="text-sm" data-testid="police-account">
      {testedAt ? (
        <Trans>
          Saved: user {user}, accepted by the service on {testedAt}.
        </Trans>
      ) : (
        <Trans>Saved: user {user}.</Trans>
      )}
    </p>
  );
}
