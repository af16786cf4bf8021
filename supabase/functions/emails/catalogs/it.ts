// The guest's e-mails in Italian: the warm "tu" the whole site speaks (docs/languages.md), written
// for the guest, not translated line by line from the English ones.
import {
  DEFAULT_PHONE,
  euros,
  type Block,
  type BookingEmailData,
  type Catalog,
  type Formatters,
  type Links,
  type PaymentMoment,
} from '../catalog.ts';
import { cancellationText, refundReasonText } from '../cancellation.ts';

function stayLines(d: BookingEmailData, f: Formatters): string {
  return [
    `Riferimento: ${d.reference}`,
    `Camera: ${d.room_name} (n. ${d.room_number})`,
    `Arrivo: ${f.date(d.check_in)}, check-in dalle 15:00 alle 20:00`,
    `Partenza: ${f.date(d.check_out)}, check-out entro le 10:30`,
    `Notti: ${d.nights} · Ospiti: ${d.guests}`,
    d.discount_amount > 0
      ? `Totale: ${f.money(d.total_amount)} (codice promozionale ${d.promo_code ?? ''}, sconto di ${f.money(d.discount_amount)})`
      : `Totale: ${f.money(d.total_amount)}`,
  ].join('\n');
}

/** The stay's money and the way to pay it (see catalogs/en.ts), as an Italian host writes it. */
function paymentBlocks(d: BookingEmailData, links: Links, f: Formatters, moment: PaymentMoment): Block[] {
  const later = moment === 'request' && d.payment_after_acceptance === true;
  if (!d.payable_cents && !later) return [];
  const due = f.money(euros(d.payable_cents || d.deposit_cents));
  const nonRefundable = d.rate_plan === 'non_refundable';
  const figures = [
    later
      ? nonRefundable
        ? `Tariffa non rimborsabile, da pagare per intero online quando avremo accettato la richiesta: ${due}`
        : `Caparra, da versare online quando avremo accettato la richiesta: ${due}`
      : nonRefundable
        ? `Da pagare ora (tariffa non rimborsabile): ${due}`
        : `Caparra, da versare ora: ${due}`,
    d.balance_cents ? `Saldo, da pagare in struttura all'arrivo: ${f.money(euros(d.balance_cents))}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  if (later) {
    return [
      figures,
      'Prima di chiedere qualsiasi pagamento valutiamo ogni richiesta: appena avremo accettato la tua, ti manderemo per e-mail il link per versare la caparra.',
    ];
  }
  return [
    figures,
    moment === 'request'
      ? 'Versando ora la caparra, il soggiorno è confermato subito, senza bisogno di confermare anche la richiesta.'
      : 'Per assicurarti il soggiorno, versa la caparra online:',
    { link: links.booking, label: `Paga la caparra (${due})` },
  ];
}

const SIGN_OFF = 'Un caro saluto,\nColosseum Guest House';

const MONTHS = 'gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre';
/**
 * A date in a sentence as Italian writes it: the first of the month "1°" ("giovedì 1° ottobre"),
 * and the article elided before 8 and 11 ("fino all'8 dicembre", "dall'11 marzo").
 */
const polishDates = (text: string) =>
  text
    .replace(new RegExp(`\\b1 (${MONTHS})\\b`, 'g'), '1° $1')
    .replace(new RegExp(`\\b(a|da|de|su)l (8|11) (${MONTHS})\\b`, 'gi'), "$1ll'$2 $3");

export const IT: Catalog = {
  locale: 'it-IT',
  weekday: 'long',
  colon: ': ',
  footer: 'Colosseum Guest House · Roma',
  defaultAddress: 'Via dei Serpenti 42, 00184 Roma',
  polish: polishDates,
  templates: {
    request_acknowledgement: (d, links, f) => ({
      subject: `Abbiamo ricevuto la tua richiesta ${d.reference}: manca solo la tua conferma`,
      blocks: [
        `Ciao ${d.guest_name},`,
        'grazie per aver scelto Colosseum Guest House. Ecco il riepilogo della tua richiesta:',
        stayLines(d, f),
        d.hold_expires_at
          ? `Teniamo la camera da parte per te fino al ${f.moment(d.hold_expires_at)} (ora di Roma). Conferma la richiesta entro quel momento: così le date restano tue mentre prepariamo la nostra risposta.`
          : '',
        { link: links.confirm, label: 'Conferma la richiesta' },
        ...paymentBlocks(d, links, f, 'request'),
        cancellationText(d, f),
        `Dalla pagina riservata della richiesta puoi seguirne lo stato, oppure annullarla: ${links.booking}`,
        'Non ti abbiamo addebitato nulla. Ti scriviamo appena il soggiorno è confermato.',
        SIGN_OFF,
      ],
    }),
    booking_confirmed: (d, links, f) => ({
      subject: `Il tuo soggiorno ${d.reference} è confermato`,
      blocks: [
        `Ciao ${d.guest_name},`,
        "siamo felici di confermarti il soggiorno da Colosseum Guest House. Non vediamo l'ora di accoglierti a Roma!",
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `Puoi annullare dalla pagina della tua prenotazione: ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    booking_cancelled: (d, links, f) => ({
      subject: `La tua prenotazione ${d.reference} è stata annullata`,
      blocks: [
        `Ciao ${d.guest_name},`,
        'la tua prenotazione da Colosseum Guest House è stata annullata e le date sono di nuovo disponibili.',
        cancellationText(d, f),
        stayLines(d, f),
        `Se è un errore, o se preferisci altre date, rispondi pure a questa e-mail o chiamaci al ${d.house_phone ?? DEFAULT_PHONE}.`,
        { link: links.booking, label: 'Visualizza la prenotazione' },
        SIGN_OFF,
      ],
    }),
    request_expired: (d, links, f) => ({
      subject: `La tua richiesta ${d.reference} è scaduta`,
      blocks: [
        `Ciao ${d.guest_name},`,
        d.guest_confirmed
          ? 'ci dispiace davvero: non siamo riusciti a risponderti in tempo, quindi le date non sono più riservate per te.'
          : 'la tua richiesta non è stata confermata in tempo, quindi le date non sono più riservate per te.',
        stayLines(d, f),
        `Se vuoi ancora soggiornare da noi, mandaci una nuova richiesta dal nostro sito (le date potrebbero essere ancora libere): ${links.home}`,
        SIGN_OFF,
      ],
    }),
    review_request: (d, links, f) => ({
      subject: `Com'è andato il tuo soggiorno, ${d.guest_name}? (${d.reference})`,
      blocks: [
        `Ciao ${d.guest_name},`,
        `grazie per aver soggiornato presso Colosseum Guest House, nella camera ${d.room_name}, da ${f.date(d.check_in)} a ${f.date(d.check_out)}. Speriamo che Roma ti abbia regalato bei ricordi.`,
        'Ti va di raccontare il tuo soggiorno ad altri viaggiatori? Bastano due minuti: un voto, qualche parola e il nome con cui vuoi firmarti.',
        { link: links.review, label: 'Scrivi una recensione' },
        d.review_expires_at
          ? `Il link è personale e si può usare una sola volta, fino al ${f.moment(d.review_expires_at)} (ora di Roma).`
          : 'Il link è personale e si può usare una sola volta, entro 30 giorni.',
        'Grazie di cuore, e speriamo di riaverti presto tra i nostri ospiti.',
        SIGN_OFF,
      ],
    }),
    arrival_reminder: (d, links, f) => ({
      subject: `A presto! Il tuo soggiorno ${d.reference} inizia ${f.date(d.check_in)}`,
      blocks: [
        `Ciao ${d.guest_name},`,
        'mancano solo tre giorni al tuo soggiorno da Colosseum Guest House.',
        stayLines(d, f),
        `Il nostro indirizzo è ${d.house_address ?? IT.defaultAddress}. Le fermate della metropolitana più vicine sono Cavour e Colosseo, sulla linea B, a pochi minuti a piedi; dalla stazione Termini, Cavour è a una sola fermata.`,
        `Il check-in è dalle 15:00 alle 20:00. Pensi di arrivare più tardi? Chiamaci o scrivici al ${d.house_phone ?? DEFAULT_PHONE}: la reception risponde 24 ore su 24.`,
        !d.checkin
          ? ''
          : d.checkin.complete
            ? 'Grazie per aver fatto il check-in online. Porta con te i documenti indicati: li vediamo alla reception.'
            : `Per un arrivo più rapido: la legge italiana ci chiede di registrare ogni ospite presso la Polizia di Stato e per il tuo gruppo ${d.checkin.missing === 1 ? 'manca ancora 1 dato' : `mancano ancora ${d.checkin.missing} dati`}. Puoi inserirli online già adesso; all'arrivo dovremo solo vedere i documenti.`,
        {
          link: links.booking,
          label: d.checkin && !d.checkin.complete ? 'Fai il check-in online' : 'Visualizza la prenotazione',
        },
        SIGN_OFF,
      ],
    }),
    payment_receipt: (d, _links, f) => ({
      subject: `Pagamento ricevuto per il tuo soggiorno ${d.reference}`,
      blocks: [
        `Ciao ${d.guest_name},`,
        `grazie: abbiamo ricevuto il tuo pagamento di ${f.money(euros(d.amount_cents))} e il tuo soggiorno da Colosseum Guest House è confermato.`,
        stayLines(d, f),
        d.balance_cents
          ? `Il saldo di ${f.money(euros(d.balance_cents))} si paga in struttura all'arrivo, in contanti o con carta, insieme all'imposta di soggiorno.`
          : "Il soggiorno è interamente pagato: all'arrivo resta solo l'imposta di soggiorno, da saldare in struttura.",
        cancellationText(d, f),
        SIGN_OFF,
      ],
    }),
    desk_booking_link: (d, links, f) => ({
      subject: `Il tuo soggiorno ${d.reference} da Colosseum Guest House`,
      blocks: [
        `Ciao ${d.guest_name},`,
        'grazie per aver prenotato da noi. Ecco il soggiorno che abbiamo annotato per te:',
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `La pagina privata della tua prenotazione, dove puoi seguirla: ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    stay_changed: (d, links, f) => ({
      subject: `Il tuo soggiorno ${d.reference} è cambiato`,
      blocks: [
        `Ciao ${d.guest_name},`,
        'come concordato, abbiamo modificato il tuo soggiorno. Ecco le nuove condizioni:',
        stayLines(d, f),
        d.previous
          ? `Prima: ${d.previous.room_name ?? ''}, dal ${f.day(d.previous.check_in)} al ${f.day(d.previous.check_out)}.`
          : '',
        d.difference_cents && d.difference_cents > 0
          ? `Il nuovo soggiorno costa ${f.money(euros(d.difference_cents))} in più, da pagare in struttura.`
          : '',
        d.refund_cents ? `Ti rimborseremo ${f.money(euros(d.refund_cents))}.` : '',
        d.kept_cents
          ? `Come prevedono le condizioni di cancellazione della tua prenotazione, ${f.money(euros(d.kept_cents))} già pagati non vengono rimborsati.`
          : '',
        cancellationText(d, f),
        { link: links.booking, label: 'Vedi la tua prenotazione' },
        SIGN_OFF,
      ],
    }),
    payment_refunded: (d, _links, f) => ({
      subject: `Rimborso di ${f.money(euros(d.amount_cents))} per ${d.reference}`,
      blocks: [
        `Ciao ${d.guest_name},`,
        `ti abbiamo rimborsato ${f.money(euros(d.amount_cents))} sulla carta che hai usato per pagare. A seconda della tua banca, l'accredito arriva entro 5-10 giorni.`,
        refundReasonText(d, f, 'Motivo: '),
        stayLines(d, f),
        `Per qualsiasi domanda rispondi pure a questa e-mail o chiamaci al ${d.house_phone ?? DEFAULT_PHONE}.`,
        SIGN_OFF,
      ],
    }),
  },
};
