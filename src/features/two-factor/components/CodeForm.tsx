import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { useVerifyCode } from '../api/two-factor';
import { isCodeShaped } from '../logic/two-factor';

/** What a refused code means, from GoTrue's error codes. */
function codeErrorText(error: unknown, i18n: I18n): string {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (code === 'mfa_verification_failed') {
    return i18n._(msg`That code is not right. Type the newest code your app shows (and check the time on your phone).`);
  }
  if (code === 'mfa_challenge_expired') return i18n._(msg`That took too long. Type the newest code and try again.`);
  if (code === 'over_request_rate_limit') return i18n._(msg`Too many tries. Wait a minute, then try again.`);
  return i18n._(msg`The code could not be checked. Please try again.`);
}

/** The 6-digit code of an authenticator app for `factorId`; verifying it makes the session aal2. */
export function CodeForm({
  factorId,
  submitLabel,
  onVerified,
}: {
  factorId: string;
  submitLabel: string;
  onVerified?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyCode();
  const { t, i18n } = useLingui();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeShaped(code)) {
      setError(t`Enter the 6-digit code from your authenticator app.`);
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync({ factorId, code });
      onVerified?.();
    } catch (failure) {
      setError(codeErrorText(failure, i18n));
      setCode('');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <InputField
        label={t`Authentication code`}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        placeholder="123456"
        autoFocus
        error={error}
        hint={t`The 6-digit code your authenticator app shows for Colosseum Guest House.`}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </form>
  );
}
