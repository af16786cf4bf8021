import { i18n } from '@lingui/core';
import { I18nProvider as LinguiProvider } from '@lingui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadMessages } from './messages';
import { localeOfPath, type Locale } from './locales';

/**
 * Loads a language's catalog into Lingui's shared instance and makes it the active one. The
 * entry awaits it before the first render, so the page renders (and hydrates) in its language.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
}

/**
 * Lingui's provider, following the language of the URL: when a link or the switcher moves to
 * another language, its catalog loads and the page re-renders in it; `<html lang>` follows.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = localeOfPath(useLocation().pathname);
  const [, rerender] = useState(0);

  useEffect(() => {
    document.documentElement.lang = locale;
    if (i18n.locale === locale) return;
    let current = true;
    void activateLocale(locale).then(() => {
      if (current) rerender((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  return <LinguiProvider i18n={i18n}>{children}</LinguiProvider>;
}
