import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { LOCALE_NAMES, PORTAL_LOCALES, isPortalLocale } from '@/lib/i18n/locales';
import { usePortalLanguage } from '@/lib/i18n/portal-language';
import { toastFailure } from '@/lib/toast';

/**
 * The portal's language, in the top bar: a native select (keyboard and screen readers as the
 * browser does them), each language by its own name. The choice is stored on the staff member's
 * profile and the portal re-renders in it.
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  const { locale, choose } = usePortalLanguage();
  const [saving, setSaving] = useState(false);
  const id = useId();

  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="flex items-center text-muted-foreground">
        <Languages className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{t`Portal language`}</span>
      </label>
      <select
        id={id}
        value={locale}
        disabled={saving}
        onChange={(event) => {
          const next = event.target.value;
          if (!isPortalLocale(next) || next === locale) return;
          setSaving(true);
          choose(next)
            .catch((error: unknown) => toastFailure(t`Error`, t`Could not save your language.`, error))
            .finally(() => setSaving(false));
        }}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {PORTAL_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
