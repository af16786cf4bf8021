import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { emailKindLabel, emailState, emailStateText } from '../logic/bookings';
import type { BookingEmail } from '../types';

/** A booking's e-mails, oldest first: what, to whom, sent / retrying / failed, and Resend. */
export function BookingEmailLog({
  emails,
  onResend,
  resendingId,
}: {
  emails: BookingEmail[];
  onResend: (email: BookingEmail) => void;
  resendingId: string | null;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const count = emails.length;
  if (!emails.length) return null;
  return (
    <details className="group rounded-md border text-sm">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Mail className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <span id={headingId}>
          <Trans>E-mails ({count})</Trans>
        </span>
        {emails.some((email) => email.status === 'failed') && (
          <Badge variant="destructive">
            <Trans>Failed</Trans>
          </Badge>
        )}
      </summary>
      <ul aria-labelledby={headingId} className="divide-y border-t">
        {emails.map((email) => {
          const state = emailState(email);
          const label = emailKindLabel(email.kind);
          return (
            <li
              key={email.id}
              className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between"
              data-testid="booking-email"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {label}
                  {email.resend_of && (
                    <span className="ml-1 font-normal text-muted-foreground">
                      <Trans>(resent)</Trans>
                    </span>
                  )}
                </p>
                <p className="break-all text-xs text-muted-foreground">{email.recipient}</p>
                {state.detail && (
                  <p className={state.label === 'Sent' ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}>
                    {state.detail}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <Badge variant={state.variant}>{emailStateText(state.label)}</Badge>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onResend(email)}
                  disabled={resendingId !== null}
                  aria-label={t`Resend ${label}`}
                >
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  <Trans>Resend</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
