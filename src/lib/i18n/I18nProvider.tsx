import { i18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadMessages, type CatalogPart } from './messages';
import { isAdminPath, localeOfPath, type Locale } from './locales';

/** The catalog parts this page has needed so far: a language switch loads them all. */
const loadedParts = new Set<CatalogPart>(['site']);

/**
 * The parts in the order they are merged: where two hold the same message a later one wins, so
 * the portal keeps its own words ("Check-in", "Acconto") on a screen that also shows a guest form.
 */
const PRECEDENCE: readonly CatalogPart[] = ['site', 'booking', 'admin'];

async function messagesOf(locale: Locale) {
  const parts = PRECEDENCE.filter((part) => loadedParts.has(part));
  return Object.assign({}, ...(await Promise.all(parts.map((part) => loadMessages(locale, part)))));
}

/**
 * Loads a language's catalogs into Lingui's shared instance and makes it the active one. The
 * entry awaits it before the first render, so the page renders (and hydrates) in its language.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  i18n.loadAndActivate({ locale, messages: await messagesOf(locale) });
}

const partLoads = new Map<CatalogPart, Promise<void>>();

/** Adds a part of the catalog (see CatalogPart) to the active language, once. */
function loadCatalogPart(part: CatalogPart): Promise<void> {
  let load = partLoads.get(part);
  if (!load) {
    load = (async () => {
      loadedParts.add(part);
      // before any language is active, activateLocale loads this part with the rest
      const locale = i18n.locale as Locale | undefined;
      if (!locale) return;
      const messages = await messagesOf(locale);
      // a switch to another language meanwhile loaded every part itself
      if (i18n.locale === locale) i18n.load(locale, messages);
    })();
    partLoads.set(part, load);
  }
  return load;
}

/** Adds the booking flows' messages to the active language, once. */
export const loadBookingMessages = () => loadCatalogPart('booking');

/** A lazy module loader that also brings the booking flows' messages: render never waits twice. */
export function withBookingMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadBookingMessages()]).then(([module]) => module);
}

/** The admin tree's loader: its code and the portal's messages together. */
export function withAdminMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadCatalogPart('admin')]).then(([module]) => module);
}

const linguiContext = () => ({ locale: i18n.locale, value: { i18n, _: i18n.t.bind(i18n) } });

/**
 * Lingui's context, following the language of the URL: when a link or the switcher moves to
 * another language, its catalog loads and the page re-renders in it; `<html lang>` follows. Under
 * /admin the URL says nothing: the portal's language is the staff member's choice, activated by
 * the admin tree (`PortalLanguage`, src/lib/i18n/portal-language.tsx).
 * Unlike Lingui's own provider, only a change of language re-renders: adding a part of the catalog
 * (`loadBookingMessages`) changes nothing on screen, and a page part still waiting to hydrate must
 * not be told of a change (React would render it in the browser, dropping its server HTML).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);
  const locale = localeOfPath(pathname);
  const [context, setContext] = useState(linguiContext);

  useEffect(() => {
    const follow = () => setContext((current) => (current.locale === i18n.locale ? current : linguiContext()));
    follow();
    return i18n.on('change', follow);
  }, []);

  useEffect(() => {
    if (admin) return;
    document.documentElement.lang = locale;
    if (i18n.locale !== locale) void activateLocale(locale);
  }, [admin, locale]);

  return <LinguiContext.Provider value={context.value}>{children}</LinguiContext.Provider>;
}
