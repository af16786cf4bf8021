import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

/**
 * Each language's compiled catalog is its own chunk (the Lingui Vite plugin compiles the `.po`
 * file at build time), so a page loads only the messages of its language.
 */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('@/locales/en.po'),
  it: () => import('@/locales/it.po'),
  fr: () => import('@/locales/fr.po'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await catalogs[locale]()).messages;
}
