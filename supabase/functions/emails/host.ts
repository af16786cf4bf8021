// The host's e-mails, in English or Italian as the house chose (booking_settings.host_email_language:
// Settings in the admin; the staff member's portal language when the house's address is theirs), saying which language the guest wrote in (the guest's own e-mails go out
// in it, and the host may want to answer in it too). The Italian is written for an Italian
// receptionist, not translated line by line; it addresses the host with "tu", as the portal does.
import {
  euros,
  languageOf,
  type Block,
  type BookingEmailData,
  type EmailExtra,
  type Formatters,
  type HostKind,
  type HostLanguage,
  type Links,
  type Template,
} from './catalog.ts';
import { cancellationText, refundReasonText } from './cancellation.ts';
import { stayLines } from './catalogs/en.ts';

const LANGUAGE_NAMES = {
  en: { en: 'English', it: 'Italian', fr: 'French' },
  it: { en: 'inglese', it: 'italiano', fr: 'francese' },
} as const;

const PLATFORM_NAMES: Record<string, string> = {
  booking: 'Booking.com',
  expedia: 'Expedia',
  hotels: 'Hotels.com',
  airbnb: 'Airbnb',
};

/** The guest's language in the e-mail's language, or null for rows written before the data carried it. */
function guestLanguage(d: BookingEmailData, lang: HostLanguage): string | null {
  return d.guest_language ? LANGUAGE_NAMES[lang][languageOf(d.guest_language)] : null;
}

/** The rate night by night as one figure ("€120.00 a night") or its range. */
function nightlyText(d: BookingEmailData, f: Formatters, lang: HostLanguage): string {
  const prices = (d.nightly_rates ?? []).map((night) => Number(night.price)).filter(Number.isFinite);
  if (!prices.length) return '';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (lang === 'it') {
    return low === high ? `${f.money(low)} a notte` : `da ${f.money(low)} a ${f.money(high)} a notte`;
  }
  return low === high ? `${f.money(low)} a night` : `${f.money(low)} to ${f.money(high)} a night`;
}

const UNITS = {
  en: { per_stay: 'per stay', per_night: 'per night', per_person: 'per person' },
  it: { per_stay: 'a soggiorno', per_night: 'a notte', per_person: 'a persona' },
} as const;

function extraText(extra: EmailExtra, f: Formatters, lang: HostLanguage): string {
  const unit = UNITS[lang][extra.pricing_unit] ?? '';
  return `${extra.name} × ${extra.quantity} (${f.money(euros(extra.unit_price_cents))} ${unit}): ${f.money(euros(extra.line_total_cents))}`;
}

/** The stay's money as the host reads it: extras, rate, deposit and balance (request_received_host). */
function moneyLines(d: BookingEmailData, f: Formatters, lang: HostLanguage): string {
  const extras = d.extras ?? [];
  const nightly = nightlyText(d, f, lang);
  // the terms themselves come from the one catalog (private.cancellation_catalog), as the guest read them
  const terms = cancellationText(d, f);
  if (lang === 'it') {
    const plan = d.rate_plan === 'non_refundable' ? 'non rimborsabile' : 'flessibile';
    return [
      extras.length
        ? `Servizi extra:\n${extras.map((extra) => `- ${extraText(extra, f, lang)}`).join('\n')}`
        : 'Servizi extra: nessuno',
      `Tariffa: ${plan}${nightly ? `, ${nightly}` : ''}`,
      terms ? `Cancellazione: ${terms}` : '',
      d.total_cents != null ? `Totale del soggiorno: ${f.money(euros(d.total_cents))}` : '',
      `Caparra: ${f.money(euros(d.deposit_cents))} · saldo all'arrivo: ${f.money(euros(d.balance_cents))}`,
    ]
      .filter(Boolean)
      .join('\n');
  }
  const plan = d.rate_plan === 'non_refundable' ? 'Non-refundable' : 'Flexible';
  return [
    extras.length ? `Extras:\n${extras.map((extra) => `- ${extraText(extra, f, lang)}`).join('\n')}` : 'Extras: none',
    `Rate: ${plan}${nightly ? `, ${nightly}` : ''}`,
    terms ? `Cancellation: ${terms}` : '',
    d.total_cents != null ? `Stay total: ${f.money(euros(d.total_cents))}` : '',
    `Deposit: ${f.money(euros(d.deposit_cents))} · balance due at arrival: ${f.money(euros(d.balance_cents))}`,
  ]
    .filter(Boolean)
    .join('\n');
}

// ---------------------------------------------------------------- English

function guestLinesEn(d: BookingEmailData): string {
  const language = guestLanguage(d, 'en');
  return [
    `Guest: ${d.guest_name}`,
    `E-mail: ${d.guest_email}`,
    `Phone: ${d.guest_phone ?? 'Not provided'}`,
    language ? `Language: ${language} (the guest's e-mails are sent in ${language})` : '',
    `Special requests: ${d.special_requests ?? 'None'}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** "The guest wrote in Italian." for a guest who did not use English. */
function otherLanguageEn(d: BookingEmailData): string {
  const language = guestLanguage(d, 'en');
  return language && language !== 'English' ? `The guest wrote in ${language}.` : '';
}

/** The stay an alert names, when it names one, and the links to act on it. */
function alertStay(d: BookingEmailData, links: Links, f: Formatters, lang: HostLanguage): Block[] {
  if (!d.reference) {
    return [{ link: links.dashboard, label: lang === 'it' ? 'Apri la dashboard' : 'Open the dashboard' }];
  }
  return [
    lang === 'it' ? stayLinesIt(d, f) : stayLines(d, f),
    lang === 'it' ? `Ospite: ${d.guest_name} · ${d.guest_email}` : `Guest: ${d.guest_name} · ${d.guest_email}`,
    {
      link: links.admin,
      label: lang === 'it' ? 'Apri la prenotazione nel gestionale' : 'Open the booking in the admin',
    },
  ];
}

const metaText = (d: BookingEmailData, key: string) => {
  const value = d.alert?.metadata?.[key];
  return typeof value === 'string' ? value : null;
};

/** One alert's subject and opening, by type; null for a type this file does not know. */
function alertTextEn(d: BookingEmailData, f: Formatters): { subject: string; lines: string[] } | null {
  const type = d.alert?.type;
  const platform = PLATFORM_NAMES[metaText(d, 'platform') ?? ''] ?? metaText(d, 'platform') ?? 'A channel';
  const from = metaText(d, 'check_in');
  const to = metaText(d, 'check_out');
  if (type === 'channel_conflict' && from && to) {
    return {
      subject: `Double booking from ${platform}: ${f.day(from)} to ${f.day(to)}${d.reference ? ` (${d.reference})` : ''}`,
      lines: [
        `${platform}'s calendar has a stay from ${f.date(from)} to ${f.date(to)} that collides with ${d.reference ? `booking ${d.reference}` : 'a stay or block'} in the same room.`,
        `The channel's stay was kept as a conflict and does not block the room. Move one of the two stays to another room, or cancel it on ${platform}.`,
      ],
    };
  }
  if (type === 'payment_unknown_booking' || type === 'payment_mismatch' || type === 'payment_session_mismatch') {
    return {
      subject: `A payment could not be applied${d.reference ? `: ${d.reference}` : ''}`,
      lines: [
        'Stripe sent a payment this site could not apply to a booking, so nothing was changed.',
        d.alert?.description ?? '',
        'Check the payment in the Stripe Dashboard and record it at the desk or refund it.',
      ],
    };
  }
  if (type === 'hold_ending' && d.reference) {
    const until = metaText(d, 'hold_expires_at') ?? d.hold_expires_at;
    return {
      subject: `Request ${d.reference} is waiting for your answer`,
      lines: [
        `${d.guest_name} confirmed request ${d.reference}; the room is held until ${until ? f.moment(until) : 'soon'} (Rome time).`,
        'Accept or decline it before then: once the hold ends, the request expires and the nights are free again.',
      ],
    };
  }
  if (type === 'police_report_due' && d.reference) {
    const deadline = metaText(d, 'deadline_at');
    return {
      subject: `Police report due: stay ${d.reference}`,
      lines: [
        `Guests of stay ${d.reference} are not yet reported to the police (Alloggiati Web)${deadline ? `; the deadline is ${f.moment(deadline)} (Rome time)` : ''}.`,
        'Check their documents on the Arrivals screen; the report is sent as soon as they are complete, or download the file and upload it by hand.',
      ],
    };
  }
  return null;
}

const HOST_EN: Record<HostKind, Template> = {
  request_received_host: (d, links, f) => ({
    subject: `New stay request ${d.reference}: ${d.room_name}, ${f.date(d.check_in)} to ${f.date(d.check_out)}`,
    blocks: [
      `${d.guest_name} asked for a stay through the website.`,
      stayLines(d, f),
      moneyLines(d, f, 'en'),
      guestLinesEn(d),
      d.hold_expires_at
        ? `The room is held until ${f.moment(d.hold_expires_at)} (Rome time) while the guest confirms the request by e-mail; once confirmed, the hold lasts until you answer.`
        : '',
      { link: links.admin, label: 'Open the request in the admin' },
    ],
  }),
  request_confirmed_by_guest_host: (d, links, f) => ({
    subject: `Request ${d.reference} confirmed by the guest: please answer`,
    blocks: [
      `${d.guest_name} confirmed the request by e-mail. ${otherLanguageEn(d)}`.trim(),
      stayLines(d, f),
      d.hold_expires_at ? `The room is held until ${f.moment(d.hold_expires_at)} (Rome time) for your answer.` : '',
      { link: links.admin, label: 'Open the request in the admin' },
    ],
  }),
  booking_cancelled_by_guest_host: (d, links, f) => ({
    subject: `Booking ${d.reference} cancelled by the guest`,
    blocks: [
      `${d.guest_name} cancelled through the private booking page. The nights are free again. ${otherLanguageEn(d)}`.trim(),
      `What the guest was told: ${cancellationText(d, f)}`,
      stayLines(d, f),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
  payment_received_host: (d, links, f) => ({
    subject: `Payment received ${d.reference}: ${f.money(euros(d.amount_cents))}`,
    blocks: [
      `${d.guest_name} paid ${f.money(euros(d.amount_cents))} online through Stripe; the stay is confirmed. ${otherLanguageEn(d)}`.trim(),
      stayLines(d, f),
      `Paid online: ${f.money(euros(d.paid_cents))} · balance due at arrival: ${f.money(euros(d.balance_cents))}`,
      guestLinesEn(d),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
  payment_refunded_host: (d, links, f) => ({
    subject: `Refund made ${d.reference}: ${f.money(euros(d.amount_cents))}`,
    blocks: [
      `${f.money(euros(d.amount_cents))} was refunded to ${d.guest_name} through Stripe.`,
      refundReasonText(d, f, 'Reason: '),
      stayLines(d, f),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
  host_alert: (d, links, f) => {
    const text = alertTextEn(d, f);
    const description = d.alert?.description ?? '';
    return {
      subject: text?.subject ?? `Alert: ${description.slice(0, 90)}`,
      blocks: [...(text?.lines ?? [description]), ...alertStay(d, links, f, 'en')],
    };
  },
};

// ---------------------------------------------------------------- Italian

function stayLinesIt(d: BookingEmailData, f: Formatters): string {
  return [
    `Riferimento: ${d.reference}`,
    `Camera: ${d.room_name} (n. ${d.room_number})`,
    `Arrivo: ${f.date(d.check_in)}`,
    `Partenza: ${f.date(d.check_out)}`,
    `Notti: ${d.nights} · Ospiti: ${d.guests}`,
    d.discount_amount > 0
      ? `Totale: ${f.money(d.total_amount)} (codice promozionale ${d.promo_code ?? ''}, sconto di ${f.money(d.discount_amount)})`
      : `Totale: ${f.money(d.total_amount)}`,
  ].join('\n');
}

function guestLinesIt(d: BookingEmailData): string {
  const language = guestLanguage(d, 'it');
  return [
    `Ospite: ${d.guest_name}`,
    `E-mail: ${d.guest_email}`,
    `Telefono: ${d.guest_phone ?? 'non indicato'}`,
    language ? `Lingua: ${language} (le e-mail all'ospite partono in ${language})` : '',
    `Richieste particolari: ${d.special_requests ?? 'nessuna'}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** "L'ospite ha scritto in inglese." for a guest who did not use Italian. */
function otherLanguageIt(d: BookingEmailData): string {
  const language = guestLanguage(d, 'it');
  return language && language !== 'italiano' ? `L'ospite ha scritto in ${language}.` : '';
}

function alertTextIt(d: BookingEmailData, f: Formatters): { subject: string; lines: string[] } | null {
  const type = d.alert?.type;
  const platform = PLATFORM_NAMES[metaText(d, 'platform') ?? ''] ?? metaText(d, 'platform') ?? 'un canale';
  const from = metaText(d, 'check_in');
  const to = metaText(d, 'check_out');
  if (type === 'channel_conflict' && from && to) {
    return {
      subject: `Doppia prenotazione da ${platform}: dal ${f.day(from)} al ${f.day(to)}${d.reference ? ` (${d.reference})` : ''}`,
      lines: [
        `Nel calendario di ${platform} c'è un soggiorno dal ${f.date(from)} al ${f.date(to)} che si sovrappone ${d.reference ? `alla prenotazione ${d.reference}` : 'a un altro soggiorno o blocco'} nella stessa camera.`,
        `Il soggiorno del canale è stato registrato come conflitto e non blocca la camera. Sposta uno dei due soggiorni in un'altra camera, oppure annullalo su ${platform}.`,
      ],
    };
  }
  if (type === 'payment_unknown_booking' || type === 'payment_mismatch' || type === 'payment_session_mismatch') {
    return {
      subject: `Un pagamento non è stato registrato${d.reference ? `: ${d.reference}` : ''}`,
      lines: [
        'Stripe ha inviato un pagamento che il sito non è riuscito ad abbinare a una prenotazione: non è stato modificato nulla.',
        // the database's own words, in English: the figures that did not match
        d.alert?.description ? `Dettaglio tecnico: ${d.alert.description}` : '',
        'Controlla il pagamento nella dashboard di Stripe, poi registralo alla reception o rimborsalo.',
      ],
    };
  }
  if (type === 'hold_ending' && d.reference) {
    const until = metaText(d, 'hold_expires_at') ?? d.hold_expires_at;
    return {
      subject: `La richiesta ${d.reference} aspetta la tua risposta`,
      lines: [
        `${d.guest_name} ha confermato la richiesta ${d.reference}; la camera resta bloccata fino al ${until ? f.moment(until) : 'prossimo controllo'} (ora di Roma).`,
        'Accettala o rifiutala entro quell\u2019ora: alla scadenza la richiesta decade e le notti tornano libere.',
      ],
    };
  }
  if (type === 'police_report_due' && d.reference) {
    const deadline = metaText(d, 'deadline_at');
    return {
      subject: `Schedine di polizia da inviare: soggiorno ${d.reference}`,
      lines: [
        `Gli ospiti del soggiorno ${d.reference} non sono ancora stati comunicati alla Questura (Alloggiati Web)${deadline ? `; la scadenza è il ${f.moment(deadline)} (ora di Roma)` : ''}.`,
        'Controlla i documenti nella schermata Arrivi: le schedine partono appena sono completi. In alternativa scarica il file e caricalo a mano sul portale.',
      ],
    };
  }
  return null;
}

const HOST_IT: Record<HostKind, Template> = {
  request_received_host: (d, links, f) => ({
    subject: `Nuova richiesta di soggiorno ${d.reference}: ${d.room_name}, dal ${f.day(d.check_in)} al ${f.day(d.check_out)}`,
    blocks: [
      `${d.guest_name} ha chiesto un soggiorno dal sito.`,
      stayLinesIt(d, f),
      moneyLines(d, f, 'it'),
      guestLinesIt(d),
      d.hold_expires_at
        ? `La camera resta bloccata fino al ${f.moment(d.hold_expires_at)} (ora di Roma) mentre l'ospite conferma la richiesta via e-mail; dopo la conferma, resta bloccata finché non rispondi.`
        : '',
      { link: links.admin, label: 'Apri la richiesta nel gestionale' },
    ],
  }),
  request_confirmed_by_guest_host: (d, links, f) => ({
    subject: `Richiesta ${d.reference} confermata dall'ospite: serve la tua risposta`,
    blocks: [
      `${d.guest_name} ha confermato la richiesta via e-mail. ${otherLanguageIt(d)}`.trim(),
      stayLinesIt(d, f),
      d.hold_expires_at
        ? `La camera resta bloccata fino al ${f.moment(d.hold_expires_at)} (ora di Roma) in attesa della tua risposta.`
        : '',
      { link: links.admin, label: 'Apri la richiesta nel gestionale' },
    ],
  }),
  booking_cancelled_by_guest_host: (d, links, f) => ({
    subject: `Prenotazione ${d.reference} cancellata dall'ospite`,
    blocks: [
      `${d.guest_name} ha cancellato dalla pagina privata della prenotazione. Le notti sono di nuovo libere. ${otherLanguageIt(d)}`.trim(),
      `Cosa è stato detto all'ospite: ${cancellationText(d, f)}`,
      stayLinesIt(d, f),
      { link: links.admin, label: 'Apri la prenotazione nel gestionale' },
    ],
  }),
  payment_received_host: (d, links, f) => ({
    subject: `Pagamento ricevuto ${d.reference}: ${f.money(euros(d.amount_cents))}`,
    blocks: [
      `${d.guest_name} ha pagato ${f.money(euros(d.amount_cents))} online con Stripe; il soggiorno è confermato. ${otherLanguageIt(d)}`.trim(),
      stayLinesIt(d, f),
      `Pagato online: ${f.money(euros(d.paid_cents))} · saldo all'arrivo: ${f.money(euros(d.balance_cents))}`,
      guestLinesIt(d),
      { link: links.admin, label: 'Apri la prenotazione nel gestionale' },
    ],
  }),
  payment_refunded_host: (d, links, f) => ({
    subject: `Rimborso effettuato ${d.reference}: ${f.money(euros(d.amount_cents))}`,
    blocks: [
      `Sono stati rimborsati ${f.money(euros(d.amount_cents))} a ${d.guest_name} tramite Stripe.`,
      refundReasonText(d, f, 'Motivo: '),
      stayLinesIt(d, f),
      { link: links.admin, label: 'Apri la prenotazione nel gestionale' },
    ],
  }),
  host_alert: (d, links, f) => {
    const text = alertTextIt(d, f);
    const description = d.alert?.description ?? '';
    return {
      subject: text?.subject ?? `Avviso: ${description.slice(0, 90)}`,
      blocks: [...(text?.lines ?? [description]), ...alertStay(d, links, f, 'it')],
    };
  },
};

export const HOST: Record<HostLanguage, Record<HostKind, Template>> = { en: HOST_EN, it: HOST_IT };
