// The guest's e-mails in French, with "vous", as a French-speaking host would write them (not a
// line-by-line translation of the English ones). Texts are typed with plain spaces; `polish` puts
// the non-breaking spaces French typography wants before : ; ! ? and in "15 h".
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
    `Référence : ${d.reference}`,
    `Chambre : ${d.room_name} (n° ${d.room_number})`,
    `Arrivée : ${f.date(d.check_in)}, entre 15 h et 20 h`,
    `Départ : ${f.date(d.check_out)}, avant 10 h 30`,
    `Nuits : ${d.nights} · Personnes : ${d.guests}`,
    d.discount_amount > 0
      ? `Total : ${f.money(d.total_amount)} (code promo ${d.promo_code ?? ''}, remise de ${f.money(d.discount_amount)})`
      : `Total : ${f.money(d.total_amount)}`,
  ].join('\n');
}

/** The stay's money and the way to pay it (see catalogs/en.ts), as a French-speaking host writes it. */
function paymentBlocks(d: BookingEmailData, links: Links, f: Formatters, moment: PaymentMoment): Block[] {
  const later = moment === 'request' && d.payment_after_acceptance === true;
  if (!d.payable_cents && !later) return [];
  const due = f.money(euros(d.payable_cents || d.deposit_cents));
  const nonRefundable = d.rate_plan === 'non_refundable';
  const figures = [
    later
      ? nonRefundable
        ? `Tarif non remboursable, à régler en totalité en ligne une fois votre demande acceptée : ${due}`
        : `Acompte, à régler en ligne une fois votre demande acceptée : ${due}`
      : nonRefundable
        ? `À régler maintenant (tarif non remboursable) : ${due}`
        : `Acompte, à régler maintenant : ${due}`,
    d.balance_cents ? `Solde, à régler sur place à votre arrivée : ${f.money(euros(d.balance_cents))}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  if (later) {
    return [
      figures,
      "Nous étudions chaque demande avant de demander le moindre paiement. Dès que nous aurons accepté la vôtre, nous vous enverrons par e-mail le lien pour régler l'acompte.",
    ];
  }
  return [
    figures,
    moment === 'request'
      ? "En réglant l'acompte maintenant, votre séjour est confirmé aussitôt : inutile de confirmer aussi votre demande."
      : "Pour garantir votre séjour, merci de régler l'acompte en ligne :",
    { link: links.booking, label: `Payer l'acompte (${due})` },
  ];
}

const SIGN_OFF = "Bien cordialement,\nL'équipe de Colosseum Guest House";

const MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
const NBSP = '\u00a0';

/** French typography: "1er octobre", and no line break before : ; ! ? or inside "15 h 30". */
function polish(text: string): string {
  return text
    .replace(new RegExp(`(^|[^\\p{L}\\p{N}])1 (${MONTHS})`, 'gu'), '$11er $2')
    .replace(/ ([:;!?])/g, `${NBSP}$1`)
    .replace(/(\d) h\b/g, `$1${NBSP}h`)
    .replace(/\bh (\d)/g, `h${NBSP}$1`);
}

export const FR: Catalog = {
  locale: 'fr-FR',
  weekday: 'long',
  colon: `${NBSP}: `,
  footer: 'Colosseum Guest House · Rome',
  defaultAddress: 'Via dei Serpenti 42, 00184 Rome, Italie',
  polish,
  templates: {
    request_acknowledgement: (d, links, f) => ({
      subject: `Nous avons bien reçu votre demande ${d.reference} : merci de la confirmer`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        'Merci pour votre demande de séjour chez Colosseum Guest House. En voici le récapitulatif :',
        stayLines(d, f),
        d.hold_expires_at
          ? `Nous vous réservons la chambre jusqu'au ${f.moment(d.hold_expires_at)} (heure de Rome). Merci de confirmer votre demande d'ici là : vos dates restent ainsi bloquées le temps que nous préparions notre réponse.`
          : '',
        { link: links.confirm, label: 'Confirmer votre demande' },
        ...paymentBlocks(d, links, f, 'request'),
        cancellationText(d, f),
        `Sur la page personnelle de votre demande, vous pouvez en suivre l'avancement, ou l'annuler : ${links.booking}`,
        "Aucun paiement n'a été effectué. Nous vous écrirons dès que votre séjour sera confirmé.",
        SIGN_OFF,
      ],
    }),
    booking_confirmed: (d, links, f) => ({
      subject: `Votre séjour ${d.reference} est confirmé`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        'Bonne nouvelle : votre séjour chez Colosseum Guest House est confirmé. Nous avons hâte de vous accueillir à Rome !',
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `Vous pouvez annuler depuis la page de votre réservation : ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    booking_cancelled: (d, links, f) => ({
      subject: `Votre réservation ${d.reference} est annulée`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        'Votre réservation chez Colosseum Guest House a été annulée, et les dates sont de nouveau libres.',
        cancellationText(d, f),
        stayLines(d, f),
        `S'il s'agit d'une erreur, ou si vous souhaitez d'autres dates, il vous suffit de répondre à cet e-mail ou de nous appeler au ${d.house_phone ?? DEFAULT_PHONE}.`,
        { link: links.booking, label: 'Voir votre réservation' },
        SIGN_OFF,
      ],
    }),
    request_expired: (d, links, f) => ({
      subject: `Votre demande ${d.reference} a expiré`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        d.guest_confirmed
          ? "Nous sommes sincèrement désolés : nous n'avons pas pu répondre à votre demande à temps, et les dates ne sont donc plus réservées pour vous."
          : "Votre demande n'a pas été confirmée à temps : les dates ne sont donc plus réservées pour vous.",
        stayLines(d, f),
        `Si vous souhaitez toujours séjourner chez nous, n'hésitez pas à nous envoyer une nouvelle demande depuis notre site ; les dates sont peut-être encore libres : ${links.home}`,
        SIGN_OFF,
      ],
    }),
    review_request: (d, links, f) => ({
      subject: `Comment s'est passé votre séjour, ${d.guest_name} ? (${d.reference})`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        `Merci d'avoir séjourné chez Colosseum Guest House, dans la chambre ${d.room_name}, du ${f.date(d.check_in)} au ${f.date(d.check_out)}. Nous espérons que Rome vous a laissé de beaux souvenirs.`,
        "Accepteriez-vous de partager votre expérience avec d'autres voyageurs ? Cela ne prend que deux minutes : une note, quelques mots et le nom sous lequel vous souhaitez apparaître.",
        { link: links.review, label: 'Laisser un avis' },
        d.review_expires_at
          ? `Ce lien vous est personnel et ne sert qu'une fois, jusqu'au ${f.moment(d.review_expires_at)} (heure de Rome).`
          : "Ce lien vous est personnel et ne sert qu'une fois, pendant 30 jours.",
        'Grazie ! Et au plaisir de vous accueillir à nouveau.',
        SIGN_OFF,
      ],
    }),
    arrival_reminder: (d, links, f) => ({
      subject: `À très bientôt ! Votre séjour ${d.reference} commence le ${f.date(d.check_in)}`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        'Plus que trois jours avant votre séjour chez Colosseum Guest House !',
        stayLines(d, f),
        `Notre adresse : ${d.house_address ?? FR.defaultAddress}. Les stations de métro les plus proches, Cavour et Colosseo (ligne B), sont à quelques minutes à pied ; depuis la gare Termini, Cavour n'est qu'à une station.`,
        `L'arrivée se fait entre 15 h et 20 h. Vous arrivez plus tard ? Appelez-nous ou écrivez-nous au ${d.house_phone ?? DEFAULT_PHONE} : la réception répond 24 h/24, 7 j/7.`,
        !d.checkin
          ? ''
          : d.checkin.complete
            ? "Merci d'avoir fait l'enregistrement en ligne. Pensez à apporter les pièces d'identité indiquées : nous les vérifierons à la réception."
            : `Pour gagner du temps à l'arrivée : la loi italienne nous demande de déclarer chaque voyageur à la police, et il manque encore ${d.checkin.missing === 1 ? '1 information' : `${d.checkin.missing} informations`} pour votre groupe. Vous pouvez les compléter en ligne dès maintenant ; à l'arrivée, nous n'aurons plus qu'à voir vos pièces d'identité.`,
        {
          link: links.booking,
          label: d.checkin && !d.checkin.complete ? "Faire l'enregistrement en ligne" : 'Voir votre réservation',
        },
        SIGN_OFF,
      ],
    }),
    payment_receipt: (d, _links, f) => ({
      subject: `Paiement bien reçu pour votre séjour ${d.reference}`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        `Merci ! Nous avons bien reçu votre paiement de ${f.money(euros(d.amount_cents))} : votre séjour chez Colosseum Guest House est confirmé.`,
        stayLines(d, f),
        d.balance_cents
          ? `Le solde de ${f.money(euros(d.balance_cents))} se règle sur place à votre arrivée, en espèces ou par carte, tout comme la taxe de séjour.`
          : 'Votre séjour est entièrement réglé ; seule la taxe de séjour reste à payer sur place à votre arrivée.',
        cancellationText(d, f),
        SIGN_OFF,
      ],
    }),
    desk_booking_link: (d, links, f) => ({
      subject: `Votre séjour ${d.reference} chez Colosseum Guest House`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        'Merci d’avoir réservé chez nous. Voici le séjour que nous avons noté pour vous :',
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `La page privée de votre réservation, où vous pouvez la suivre : ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    stay_changed: (d, links, f) => ({
      subject: `Votre séjour ${d.reference} a changé`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        'Comme convenu, nous avons modifié votre séjour. Voici ses nouvelles conditions :',
        stayLines(d, f),
        d.previous
          ? `Auparavant : ${d.previous.room_name ?? ''}, du ${f.day(d.previous.check_in)} au ${f.day(d.previous.check_out)}.`
          : '',
        d.difference_cents && d.difference_cents > 0
          ? `Le nouveau séjour coûte ${f.money(euros(d.difference_cents))} de plus, à régler sur place.`
          : '',
        d.refund_cents ? `Nous vous rembourserons ${f.money(euros(d.refund_cents))}.` : '',
        d.kept_cents
          ? `Comme le prévoient les conditions d’annulation de votre réservation, ${f.money(euros(d.kept_cents))} déjà réglés ne sont pas remboursés.`
          : '',
        cancellationText(d, f),
        { link: links.booking, label: 'Voir votre réservation' },
        SIGN_OFF,
      ],
    }),
    payment_refunded: (d, _links, f) => ({
      subject: `Remboursement de ${f.money(euros(d.amount_cents))} pour ${d.reference}`,
      blocks: [
        `Bonjour ${d.guest_name},`,
        `Nous vous avons remboursé ${f.money(euros(d.amount_cents))} sur la carte utilisée pour le paiement. Selon votre banque, il apparaîtra sur votre relevé d'ici 5 à 10 jours.`,
        refundReasonText(d, f, 'Motif : '),
        stayLines(d, f),
        `Une question ? Répondez simplement à cet e-mail ou appelez-nous au ${d.house_phone ?? DEFAULT_PHONE}.`,
        SIGN_OFF,
      ],
    }),
  },
};
