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
import { accountRefusal } from '../logic/submissions';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/Rome' });

/** The Alloggiati Web account (admins): saved after the service accepts it, never shown back. */
export function PoliceAccountCard() {
  const account = useQuery(paperworkQueries.account());
  const save = useSavePoliceAccount();
  const [form, setForm] = useState({ utente: '', password: '', wskey: '' });
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.utente.trim() || !form.password || !form.wskey.trim()) {
      setError('Please enter the user, the password and the WSKey.');
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(form);
      setForm({ utente: '', password: '', wskey: '' });
      toastSuccess('Account saved', 'Alloggiati Web accepted it; guests are now sent after check-in.');
    } catch (failure) {
      const message = accountRefusal(failure instanceof FunctionCallError ? failure.serverMessage : undefined);
      setError(message);
      toastFailure('Account not saved', message, failure);
    }
  };

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Alloggiati Web account</CardTitle>
        <CardDescription>
          The user and password of the portal and the web service’s WSKey (generated on the portal once signed in).
          Tried with the service when saved; kept on the server and never shown again.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {account.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : account.isError ? (
          <p className="text-destructive">Failed to load the account.</p>
        ) : account.data.alloggiati_set ? (
          <p className="text-sm" data-testid="police-account">
            Saved: user {account.data.alloggiati_user_masked}
            {account.data.alloggiati_tested_at
              ? `, accepted by the service on ${when(account.data.alloggiati_tested_at)}`
              : ''}
            .
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No account yet: staff file the day by hand (download below).</p>
        )}
        <form
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-3 sm:grid-cols-3"
          aria-label="Alloggiati Web account"
        >
          <Field label="User" error={error}>
            <FieldControl>
              <Input autoComplete="off" value={form.utente} onChange={set('utente')} />
            </FieldControl>
          </Field>
          <Field label="Password">
            <FieldControl>
              <Input type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
            </FieldControl>
          </Field>
          <Field label="WSKey">
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
              Try and save
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
