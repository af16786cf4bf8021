import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useStartEnrolment } from '../api/two-factor';
import { groupedSecret } from '../logic/two-factor';
import { CodeForm } from './CodeForm';

/**
 * Setting up an authenticator app: a new factor's QR code (and its secret, to type instead), then
 * its first code, which turns two-factor sign-in on and makes this session aal2.
 */
export function EnrolPanel({ onDone }: { onDone?: () => void }) {
  const { t } = useLingui();
  const start = useStartEnrolment();
  const { mutate } = start;
  // one factor per visit: StrictMode runs effects twice, and two enrolments at once would collide
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (start.isPending || start.isIdle) {
    return (
      <div className="flex justify-center py-8" role="status">
        <Loader2 className="h-6 w-6 animate-spin text-primary" aria-hidden="true" />
        <span className="sr-only">
          <Trans>Preparing your QR code…</Trans>
        </span>
      </div>
    );
  }
  if (start.isError) {
    return (
      <div className="space-y-3 text-center">
        <p className="text-destructive">
          <Trans>The QR code could not be prepared.</Trans>
        </p>
        <Button variant="outline" onClick={() => mutate()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const { factorId, qrCode, secret } = start.data;
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          <Trans>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
          </Trans>
        </li>
        <li>
          <Trans>Scan this QR code, or type the key below.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <img
        src={qrCode}
        alt={t`QR code to add Colosseum Guest House to your authenticator app`}
        className="mx-auto h-48 w-48 rounded border bg-white p-1"
      />
      <div className="text-center">
        <p className="text-xs text-muted-foreground">
          <Trans>Key to type instead</Trans>
        </p>
        <code className="select-all break-all font-mono text-sm" data-testid="totp-secret" data-secret={secret}>
          {groupedSecret(secret)}
        </code>
      </div>
      <CodeForm factorId={factorId} submitLabel={t`Verify and turn on`} onVerified={onDone} />
    </div>
  );
}
