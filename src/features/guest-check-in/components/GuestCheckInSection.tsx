import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardList } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/i18n/format';
import { formatDay } from '@/lib/time-left';
import { checkInQuery } from '../api/check-in';
import { checkInState } from '../logic/check-in';
import { GuestCheckInForm } from './GuestCheckInForm';

/**
 * "Check in online" on the guest's private page: from confirmation until the day of arrival the
 * guest enters (and corrects) every guest's details for the police registration; afterwards it
 * says the stay is checked in. Nothing when the stay has nothing to check in.
 */
export default function GuestCheckInSection({ reference, token }: { reference: string; token: string }) {
  const { t } = useLingui();
  const { locale } = useFormatters();
  const titleId = useId();
  const section = useQuery({ ...checkInQuery(reference, token), enabled: token !== '' });
  // the success page's "Check in online" (…#check-in) lands here with the form open
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.location.hash === '#check-in');
  const checkIn = section.data;
  const sectionRef = useRef<HTMLElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !checkIn || window.location.hash !== '#check-in') return;
    arrived.current = true;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [checkIn]);
  if (!checkIn) return null;
  const state = checkInState(checkIn);
  const arrival = formatDay(checkIn.check_in, locale);

  return (
    <div className="container max-w-2xl">
      <section
        ref={sectionRef}
        id="check-in"
        aria-labelledby={titleId}
        className="mt-6 scroll-mt-20 rounded-lg border bg-card p-6 shadow-sm"
      >
        <h2 id={titleId} className="text-xl font-semibold">
          <Trans>Check in online</Trans>
        </h2>
        {state === 'checked_in' ? (
          <p className="mt-3 flex items-start gap-2 text-green-800">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <Trans>You are checked in. Enjoy your stay in Rome!</Trans>
          </p>
        ) : (
          <>
            <p className="mt-3 text-muted-foreground">
              <Trans>
                Italian law asks us to register every guest with the police. Enter your details before you arrive on{' '}
                {arrival} and check-in at the desk takes a minute: we only need to see your documents.
              </Trans>
            </p>
            <p
              className={
                state === 'complete'
                  ? 'mt-4 flex items-start gap-2 font-medium text-green-800'
                  : 'mt-4 flex items-start gap-2 font-medium text-amber-800'
              }
              role="status"
            >
              {state === 'complete' ? (
                <>
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                  <Trans>Your details are complete. Thank you!</Trans>
                </>
              ) : (
                <>
                  <ClipboardList className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                  {checkIn.missing_count === 1
                    ? t`1 detail is still missing.`
                    : t`${checkIn.missing_count} details are still missing.`}
                </>
              )}
            </p>
            {checkIn.editable && !open && (
              <Button className="mt-4" onClick={() => setOpen(true)}>
                {state === 'complete' ? t`Review or correct your details` : t`Check in online`}
              </Button>
            )}
            {checkIn.editable && open && (
              <GuestCheckInForm reference={reference} token={token} checkIn={checkIn} onDone={() => setOpen(false)} />
            )}
            <p className="mt-4 text-xs text-muted-foreground">
              <Trans>
                Only our staff can read these details, and we send them only to the police (Alloggiati Web). Document
                numbers are erased {checkIn.retention_days} days after your departure.
              </Trans>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
