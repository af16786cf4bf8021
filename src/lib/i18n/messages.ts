import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

/**
 * The catalogs, each language's its own chunk (the Lingui Vite plugin compiles the `.po` files at
 * build time), in two parts: `site` (the home and room pages, loaded before the first render) and
 * `booking` (the booking dialog and form, the guest's pages, sign-in: loaded with their code) and
 * `admin` (the staff portal, loaded with the admin tree), so a page's first load carries only its
 * language and only what it shows.
 */
export type CatalogPart = 'site' | 'booking' | 'admin';

type Catalog = () => Promise<{ messages: Messages }>;
const catalogs: Record<CatalogPart, Record<Locale, Catalog>> = {
  site: {
    en: () => import('@/locales/en.po'),
    it: () => import('@/locales/it.po'),
    fr: () => import('@/locales/fr.po'),
  },
  booking: {
    en: () => import('@/locales/booking/en.po'),
    it: () => import('@/locales/booking/it.po'),
    fr: () => import('@/locales/booking/fr.po'),
  },
  // The portal speaks Italian and English: its French catalog stays empty, so English shows.
  admin: {
    en: () => import('@/locales/admin/en.po'),
    it: () => import('@/locales/admin/it.po'),
    fr: () => import('@/locales/admin/fr.po'),
  },
};

export async function loadMessages(locale: Locale, part: CatalogPart = 'site'): Promise<Messages> {
  return (await catalogs[part][locale]()).messages;
}
