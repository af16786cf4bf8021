// The guest's e-mails in Italian: the courteous "lei" of Italian hospitality, written for the
// guest, not translated line by line from the English ones.
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
      'Prima di chiedere qualsiasi pagamento valutiamo ogni richiesta: appena avremo accettato la sua, le invieremo per e-mail il link per versare la caparra.',
    ];
  }
  return [
    figures,
    moment === 'request'
      ? 'Versando ora la caparra, il soggiorno è confermato subito, senza bisogno di confermare anche la richiesta.'
      : 'Per garantirsi il soggiorno, la preghiamo di versare la caparra online:',
    { link: links.booking, label: `Paga la caparra (${due})` },
  ];
}

const SIGN_OFF = 'Un caro saluto,\nColosseum Guest House';

const MONTHS = 'gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre';
/** The first of the month is written "1°" ("giovedì 1° ottobre"). */
const firstOfMonth = (text: string) => text.replace(new RegExp(`\\b1 (${MONTHS})\\b`, 'g'), '1° $1');

export const IT: Catalog = {
  locale: 'it-IT',
  weekday: 'long',
  colon: ': ',
  footer: 'Colosseum Guest House · Roma',
  defaultAddress: 'Via dei Serpenti 42, 00184 Roma',
  polish: firstOfMonth,
  templates: {
    request_acknowledgement: (d, links, f) => ({
      subject: `Abbiamo ricevuto la sua richiesta ${d.reference}: manca solo la sua conferma`,
      blocks: [
        `Gentile ${d.guest_name},`,
        'grazie per aver scelto Colosseum Guest House. Ecco il riepilogo della sua richiesta:',
        stayLines(d, f),
        d.hold_expires_at
          ? `Teniamo la camera a sua disposizione fino al ${f.moment(d.hold_expires_at)} (ora di Roma). La preghiamo di confermare la richiesta entro quel momento: così le date restano riservate a lei mentre prepariamo la nostra risposta.`
          : '',
        { link: links.confirm, label: 'Conferma la richiesta' },
        ...paymentBlocks(d, links, f, 'request'),
        cancellationText(d, f),
        `Dalla pagina riservata della richiesta può seguirne lo stato, oppure annullarla: ${links.booking}`,
        'Non le abbiamo addebitato nulla. Le scriveremo non appena il soggiorno sarà confermato.',
        SIGN_OFF,
      ],
    }),
    booking_confirmed: (d, links, f) => ({
      subject: `Il suo soggiorno ${d.reference} è confermato`,
      blocks: [
        `Gentile ${d.guest_name},`,
        "siamo lieti di confermarle il soggiorno presso Colosseum Guest House. Non vediamo l'ora di accoglierla a Roma!",
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `Può annullare dalla pagina della sua prenotazione: ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    booking_cancelled: (d, links, f) => ({
      subject: `La sua prenotazione ${d.reference} è stata annullata`,
      blocks: [
        `Gentile ${d.guest_name},`,
        'la sua prenotazione presso Colosseum Guest House è stata annullata e le date sono di nuovo disponibili.',
        cancellationText(d, f),
        stayLines(d, f),
        `Se si tratta di un errore, o se preferisce altre date, può semplicemente rispondere a questa e-mail o chiamarci al ${d.house_phone ?? DEFAULT_PHONE}.`,
        { link: links.booking, label: 'Visualizza la prenotazione' },
        SIGN_OFF,
      ],
    }),
    request_expired: (d, links, f) => ({
      subject: `La sua richiesta ${d.reference} è scaduta`,
      blocks: [
        `Gentile ${d.guest_name},`,
        d.guest_confirmed
          ? 'ci dispiace davvero: non siamo riusciti a risponderle in tempo, quindi le date non sono più riservate per lei.'
          : 'la sua richiesta non è stata confermata in tempo, quindi le date non sono più riservate per lei.',
        stayLines(d, f),
        `Se desidera ancora soggiornare da noi, può inviarci una nuova richiesta dal nostro sito (le date potrebbero essere ancora libere): ${links.home}`,
        SIGN_OFF,
      ],
    }),
    review_request: (d, links, f) => ({
      subject: `Com'è andato il suo soggiorno, ${d.guest_name}? (${d.reference})`,
      blocks: [
        `Gentile ${d.guest_name},`,
        `grazie per aver soggiornato presso Colosseum Guest House, nella camera ${d.room_name}, da ${f.date(d.check_in)} a ${f.date(d.check_out)}. Speriamo che Roma le abbia regalato bei ricordi.`,
        'Le andrebbe di raccontare il suo soggiorno ad altri viaggiatori? Bastano due minuti: un voto, qualche parola e il nome con cui desidera firmarsi.',
        { link: links.review, label: 'Scrivi una recensione' },
        d.review_expires_at
          ? `Il link è personale e si può usare una sola volta, fino al ${f.moment(d.review_expires_at)} (ora di Roma).`
          : 'Il link è personale e si può usare una sola volta, entro 30 giorni.',
        'Grazie di cuore, e speriamo di riaverla presto tra i nostri ospiti.',
        SIGN_OFF,
      ],
    }),
    arrival_reminder: (d, links, f) => ({
      subject: `A presto! Il suo soggiorno ${d.reference} inizia ${f.date(d.check_in)}`,
      blocks: [
        `Gentile ${d.guest_name},`,
        'mancano solo tre giorni al suo soggiorno presso Colosseum Guest House.',
        stayLines(d, f),
        `Il nostro indirizzo è ${d.house_address ?? IT.defaultAddress}. Le fermate della metropolitana più vicine sono Cavour e Colosseo, sulla linea B, a pochi minuti a piedi; dalla stazione Termini, Cavour è a una sola fermata.`,
        `Il check-in è dalle 15:00 alle 20:00. Pensa di arrivare più tardi? Ci chiami o ci scriva al ${d.house_phone ?? DEFAULT_PHONE}: la reception risponde 24 ore su 24.`,
        !d.checkin
          ? ''
          : d.checkin.complete
            ? 'Grazie per aver fatto il check-in online. Porti con sé i documenti indicati: li verificheremo alla reception.'
            : `Per un arrivo più rapido: la legge italiana ci chiede di registrare ogni ospite presso la Polizia di Stato e per il suo gruppo ${d.checkin.missing === 1 ? 'manca ancora 1 dato' : `mancano ancora ${d.checkin.missing} dati`}. Può inserirli online già adesso; all'arrivo dovremo solo vedere i documenti.`,
        {
          link: links.booking,
          label: d.checkin && !d.checkin.complete ? 'Fai il check-in online' : 'Visualizza la prenotazione',
        },
        SIGN_OFF,
      ],
    }),
    payment_receipt: (d, _links, f) => ({
      subject: `Pagamento ricevuto per il suo soggiorno ${d.reference}`,
      blocks: [
        `Gentile ${d.guest_name},`,
        `la ringraziamo: abbiamo ricevuto il suo pagamento di ${f.money(euros(d.amount_cents))} e il suo soggiorno da Colosseum Guest House è confermato.`,
        stayLines(d, f),
        d.balance_cents
          ? `Il saldo di ${f.money(euros(d.balance_cents))} si paga in struttura all'arrivo, in contanti o con carta, insieme all'imposta di soggiorno.`
          : "Il soggiorno è interamente pagato: all'arrivo resta solo l'imposta di soggiorno, da saldare in struttura.",
        cancellationText(d, f),
        SIGN_OFF,
      ],
    }),
    payment_refunded: (d, _links, f) => ({
      subject: `Rimborso di ${f.money(euros(d.amount_cents))} per ${d.reference}`,
      blocks: [
        `Gentile ${d.guest_name},`,
        `le abbiamo rimborsato ${f.money(euros(d.amount_cents))} sulla carta usata per il pagamento. A seconda della sua banca, l'accredito compare entro 5-10 giorni.`,
        refundReasonText(d, f, 'Motivo: '),
        stayLines(d, f),
        `Per qualsiasi domanda può rispondere a questa e-mail o chiamarci al ${d.house_phone ?? DEFAULT_PHONE}.`,
        SIGN_OFF,
      ],
    }),
  },
};
