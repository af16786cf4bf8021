import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useHydrated } from '@/lib/ssr';
import { Button } from '@/components/ui/button';
import { COOKIE_CONSENT_KEY, readCookieConsent, type CookieConsent } from '../logic/site';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Accept or decline; shown only while no choice is stored. */
export function CookieBanner() {
  // A prerendered page shows the banner as the server rendered it; the stored choice is read once
  // React is attached (reading it during hydration would not match the HTML).
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<CookieConsent | null>(null);
  if (choice ?? (hydrated ? readCookieConsent(storage()) : null)) return null;

  const decide = (value: CookieConsent) => {
    try {
      storage()?.setItem(COOKIE_CONSENT_KEY, value);
    } catch {
      // storage unavailable (private mode): hide for this visit only
    }
    setChoice(value);
  };

  return (
    <section
      aria-labelledby="cookie-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="container flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cookie-title" className="font-sans text-base font-semibold">
            <Trans>We value your privacy</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              We use essential cookies to run this site and, with your consent, cookies that help us improve it.
            </Trans>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={() => decide('declined')}>
            <Trans>Decline</Trans>
          </Button>
          <Button onClick={() => decide('accepted')}>
            <Trans>Accept</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
