// Renders an outbox row into its e-mail: the guest's e-mails in the language the guest used on the
// site (the outbox's `language`, from bookings.guest_language; English when unknown), with dates
// and amounts written the way that language writes them and links to that language's pages; the
// host's e-mails in the language the house chose (English or Italian: the outbox row's `language`,
// set by SQL from booking_settings.host_email_language). Every message has a plain-text and an HTML part built from the same
// blocks, and the booking reference in its subject.
//
// The texts: catalogs/en.ts, catalogs/it.ts, catalogs/fr.ts (one `Catalog` each, same keys) and
// host.ts. A new language adds a catalogue, its entry in CATALOGS and in catalog.ts's LANGUAGES.
import {
  GUEST_KINDS,
  HOST_KINDS,
  hostLanguageOf,
  languageOf,
  type Block,
  type BookingEmailData,
  type Catalog,
  type Formatters,
  type GuestKind,
  type HostKind,
  type Language,
  type Links,
  type Message,
} from './catalog.ts';
import { EN } from './catalogs/en.ts';
import { FR } from './catalogs/fr.ts';
import { IT } from './catalogs/it.ts';
import { HOST } from './host.ts';

export type { BookingEmailData } from './catalog.ts';

export const CATALOGS: Record<Language, Catalog> = { en: EN, it: IT, fr: FR };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const isGuestKind = (kind: string): kind is GuestKind => (GUEST_KINDS as readonly string[]).includes(kind);
const isHostKind = (kind: string): kind is HostKind => (HOST_KINDS as readonly string[]).includes(kind);

function formatters(catalog: Catalog, language: Language): Formatters {
  const day = new Intl.DateTimeFormat(catalog.locale, {
    weekday: catalog.weekday,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const plainDay = new Intl.DateTimeFormat(catalog.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const moment = new Intl.DateTimeFormat(catalog.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Rome',
  });
  const money = new Intl.NumberFormat(catalog.locale, { style: 'currency', currency: 'EUR' });
  return {
    language,
    date: (iso) => day.format(new Date(`${iso}T00:00:00Z`)),
    day: (iso) => plainDay.format(new Date(`${iso}T00:00:00Z`)),
    moment: (iso) => moment.format(new Date(iso)),
    money: (amount) => money.format(Number(amount)),
  };
}

/** The links an e-mail may carry, on the site's pages in `language` (English: no prefix). */
export function bookingLinks(siteUrl: string, data: BookingEmailData, language: Language = 'en'): Links {
  const base = siteUrl.replace(/\/+$/, '');
  const site = language === 'en' ? base : `${base}/${language}`;
  const token = encodeURIComponent(data.token ?? '');
  const booking = `${site}/booking/${encodeURIComponent(data.reference)}?token=${token}`;
  return {
    home: `${site}/`,
    booking,
    confirm: `${booking}&action=confirm`,
    review: `${site}/review/${token}`,
    admin: `${base}/admin/bookings?search=${encodeURIComponent(data.reference ?? '')}`,
    dashboard: `${base}/admin`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function compose(message: Message, language: Language, catalog: Catalog): RenderedEmail {
  const { polish } = catalog;
  const blocks: Block[] = message.blocks
    .filter((block) => block !== '')
    .map((block) => (typeof block === 'string' ? polish(block) : { link: block.link, label: polish(block.label) }));
  const text = blocks
    .map((block) => (typeof block === 'string' ? block : `${block.label}${catalog.colon}${block.link}`))
    .join('\n\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:Georgia,serif;color:#1f2937;line-height:1.5;max-width:600px">`,
    ...blocks.map((block) =>
      typeof block === 'string'
        ? `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(block.link)}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
    ),
    `<p style="color:#6b7280;font-size:13px">${escapeHtml(catalog.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: polish(message.subject), text, html };
}

/**
 * An outbox row as the e-mail to send. `language` is the row's (the guest's for guest e-mails, the
 * house's choice for host e-mails); anything but 'it' or 'fr' is English, and host e-mails are
 * English or Italian.
 */
export function renderEmail(kind: string, language: string, data: BookingEmailData, siteUrl: string): RenderedEmail {
  if (isHostKind(kind)) {
    const lang = hostLanguageOf(language);
    const catalog = CATALOGS[lang];
    return compose(HOST[lang][kind](data, bookingLinks(siteUrl, data), formatters(catalog, lang)), lang, catalog);
  }
  if (!isGuestKind(kind)) throw new Error(`No e-mail template for ${kind}`);
  const lang = languageOf(language);
  const catalog = CATALOGS[lang];
  const guestData = { ...data, room_name: data.room_name_local || data.room_name };
  return compose(
    catalog.templates[kind](guestData, bookingLinks(siteUrl, data, lang), formatters(catalog, lang)),
    lang,
    catalog,
  );
}
