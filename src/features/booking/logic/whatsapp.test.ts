import { activateLocale } from '@/lib/i18n';
import { buildWhatsAppMessage, whatsAppUrl, type WhatsAppBookingDetails } from './whatsapp';

const details: WhatsAppBookingDetails = {
  reference: 'CG-7K3P9Q',
  roomName: 'Superior King',
  roomNumber: '101',
  checkIn: '2026-05-12',
  checkOut: '2026-05-15',
  nights: 3,
  guests: 2,
  pricePerNight: 145,
  subtotal: 435,
  discountPercentage: 15,
  discountAmount: 65.25,
  promoCode: 'SAVE15',
  total: 369.75,
  name: 'Maria Rossi',
  email: 'maria@example.com',
  phone: '+39 333 123 4567',
  specialRequests: 'Late arrival & quiet room',
};

describe('WhatsApp message', () => {
  it('holds reference, room, dates, nights, guests, price, discount, total, guest and requests', () => {
    const message = buildWhatsAppMessage(details, 'en');
    expect(message).toContain('Booking reference: CG-7K3P9Q');
    expect(message).toContain('Room: Superior King (Room 101)');
    expect(message).toContain('Check-in: Tue, 12 May 2026');
    expect(message).toContain('Check-out: Fri, 15 May 2026');
    expect(message).toContain('Nights: 3 nights');
    expect(message).toContain('Guests: 2');
    expect(message).toContain('Price per night: €145.00');
    expect(message).toContain('Subtotal: €435.00');
    expect(message).toContain('Discount 15% (SAVE15): -€65.25');
    expect(message).toContain('Total: €369.75');
    expect(message).toContain('Name: Maria Rossi');
    expect(message).toContain('Email: maria@example.com');
    expect(message).toContain('Phone: +39 333 123 4567');
    expect(message).toContain('Special requests: Late arrival & quiet room');
  });

  it('lists the extras and the non-refundable rate as the server priced them, before the total', () => {
    const message = buildWhatsAppMessage(
      {
        ...details,
        nonRefundableDiscount: 36.98,
        extras: [
          { name: 'Airport Transfer', quantity: 1, amount: 55 },
          { name: 'Breakfast in the Room', quantity: 2, amount: 72 },
        ],
        total: 459.77,
      },
      'en',
    );
    expect(message).toContain(
      'Non-refundable rate: -€36.98\nExtras: Airport Transfer × 1 (€55.00), Breakfast in the Room × 2 (€72.00)\nTotal: €459.77',
    );
    expect(buildWhatsAppMessage(details, 'en')).not.toMatch(/Extras|Non-refundable/);
  });

  it('leaves out the discount lines without a discount and fills optional fields', () => {
    const message = buildWhatsAppMessage(
      {
        ...details,
        discountAmount: 0,
        discountPercentage: 0,
        promoCode: null,
        phone: '',
        specialRequests: null,
        roomNumber: null,
        reference: null,
      },
      'en',
    );
    expect(message).not.toContain('Discount');
    expect(message).not.toContain('Subtotal');
    expect(message).not.toContain('Booking reference');
    expect(message).toContain('Room: Superior King\n');
    expect(message).toContain('Phone: Not provided');
    expect(message).toContain('Special requests: None');
  });
});

describe('WhatsApp URL', () => {
  it('is https://wa.me/<digits>?text=<encoded message>', () => {
    const url = whatsAppUrl('+39 333-123 4567', 'Hi & welcome\nline 2 #1');
    expect(url).toBe('https://wa.me/393331234567?text=Hi%20%26%20welcome%0Aline%202%20%231');
    expect(decodeURIComponent(new URL(url).searchParams.get('text')!)).toBe('Hi & welcome\nline 2 #1');
  });

  it('round-trips the full message', () => {
    const message = buildWhatsAppMessage(details, 'en');
    expect(new URL(whatsAppUrl('393331234567', message)).searchParams.get('text')).toBe(message);
  });

  it('without a number opens WhatsApp’s contact picker', () => {
    expect(whatsAppUrl('', 'x')).toBe('https://wa.me/?text=x');
  });
});

describe('WhatsApp message in the guest’s language', () => {
  afterEach(() => activateLocale('en'));

  it('is Italian on the Italian site: labels, dates and amounts as Italians write them', async () => {
    await activateLocale('it');
    const message = buildWhatsAppMessage(details, 'it');
    expect(message).toMatch(/^Ciao! Vorrei richiedere una prenotazione al Colosseum Guest House\./);
    expect(message).toContain('Codice prenotazione: CG-7K3P9Q');
    expect(message).toContain('Camera: Superior King (camera 101)');
    expect(message).toContain('Arrivo: mar 12 mag 2026');
    expect(message).toContain('Partenza: ven 15 mag 2026');
    expect(message).toContain('Notti: 3 notti');
    expect(message).toContain('Ospiti: 2');
    expect(message).toMatch(/Prezzo per notte: 145,00\s€/);
    expect(message).toMatch(/Sconto 15% \(SAVE15\): -65,25\s€/);
    expect(message).toMatch(/Totale: 369,75\s€/);
    expect(message).toContain('Telefono: +39 333 123 4567');
    expect(message).toContain('Richieste speciali: Late arrival & quiet room');
    expect(message).not.toMatch(/Check-in|Total:|Room:/);
  });

  it('is French on the French site, with per-night prices when they differ', async () => {
    await activateLocale('fr');
    const message = buildWhatsAppMessage(
      {
        ...details,
        pricePerNight: null,
        nightly: [{ price: 150 }, { price: 120 }, { price: 120 }],
        discountAmount: 0,
        phone: null,
        specialRequests: '',
      },
      'fr',
    );
    expect(message).toMatch(/^Bonjour ! Je souhaiterais faire une demande de réservation/);
    expect(message).toContain('Arrivée : mar. 12 mai 2026');
    expect(message).toContain('Nuits : 3 nuits');
    expect(message).toMatch(/Prix par nuit : 150,00\s€ × 1 nuit, 120,00\s€ × 2 nuits/);
    expect(message).toContain('Téléphone : Non renseigné');
    expect(message).toContain('Demandes particulières : Aucune');
    expect(message).not.toContain('Réduction');
  });
});
