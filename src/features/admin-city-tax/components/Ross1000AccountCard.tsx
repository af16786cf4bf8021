import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { FunctionCallError } from '@/lib/edge-functions';
import { useFormatters } from '@/lib/i18n/format';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { ross1000Queries, useSaveRoss1000Account } from '../api/ross1000';

/** The Ross1000 account (admins): user, password and structure code, tried with the service, never shown back. */
export function Ross1000AccountCard() {
  const { t } = useLingui();
  const { shortDate } = useFormatters();
  const account = useQuery(ross1000Queries.account());
  const save = useSaveRoss1000Account();
  const [form, setForm] = useState({ utente: '', password: '', structure: '' });
  const [error, setError] = useState<string | undefined>();

  const refusal = (failure: unknown) => {
    if (failure instanceof FunctionCallError && failure.serverMessage === 'credentials_refused')
      return t`Ross1000 refused this user, password or structure code. Check them on lazioturismo.ross1000.it.`;
    if (failure instanceof FunctionCallError && failure.status === 503)
      return t`Ross1000 did not answer. Try again later.`;
    return t`The account could not be saved.`;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.utente.trim() || !form.password || !form.structure.trim()) {
      setError(t`Please enter the user, the password and the structure code.`);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(form);
      setForm({ utente: '', password: '', structure: '' });
      toastSuccess(t`Account saved`, t`Ross1000 accepted it; each day is now sent the day after.`);
    } catch (failure) {
      const message = refusal(failure);
      setError(message);
      toastFailure(t`Account not saved`, message, failure);
    }
  };

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  return (
    <section className="space-y-3 rounded-md border p-4" aria-labelledby="ross1000-account-title">
      <div>
        <h3 id="ross1000-account-title" className="font-semibold">
          <Trans>Ross1000 account</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            The user and password of Ross1000-Lazio and the structure’s code. Tried with the service when saved; kept on
            the server and never shown again.
          </Trans>
        </p>
      </div>
      {account.isPending ? (
        <Skeleton className="h-6 w-64" />
      ) : account.isError ? (
        <p className="text-destructive">
          <Trans>Failed to load the account.</Trans>
        </p>
      ) : account.data.ross1000_set ? (
        <p className="text-sm" data-testid="ross1000-account">
          {t`Saved: user ${account.data.ross1000_user_masked}, structure ${account.data.ross1000_structure}.`}{' '}
          {account.data.ross1000_start_day &&
            t`Sent by the service from ${shortDate(account.data.ross1000_start_day)}.`}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No account yet: nothing is sent to Ross1000; type the figures into the portal.</Trans>
        </p>
      )}
      <form
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-3 sm:grid-cols-3"
        aria-label={t`Ross1000 account`}
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
        <Field label={t`Structure code`}>
          <FieldControl>
            <Input autoComplete="off" value={form.structure} onChange={set('structure')} />
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
    </section>
  );
}
