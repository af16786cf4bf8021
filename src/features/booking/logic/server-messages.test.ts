import { activateLocale } from '@/lib/i18n';
import { serverErrorMessage, serverMessage } from './server-messages';

// The database's refusals, word for word as the migrations raise them.
const OPEN_REQUESTS =
  "You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.";
const MIN_STAY = 'A stay arriving on Friday 5 March 2027 must be at least 3 nights.';
const CLOSED_ARRIVAL = 'Check-in is not possible on Mondays for these dates. Please choose another arrival day.';
const CLOSED_DEPARTURE = 'Check-out is not possible on Sundays for these dates. Please choose another departure day.';

describe('the server’s sentences in the page’s language', () => {
  afterEach(() => activateLocale('en'));

  it('English pages show them as sent', async () => {
    await activateLocale('en');
    for (const sentence of [OPEN_REQUESTS, MIN_STAY, CLOSED_ARRIVAL, 'This room accommodates at most 2 guests.'])
      expect(serverMessage(sentence, 'en')).toBe(sentence);
  });

  it('Italian: fixed sentences, and those with numbers, dates and days keep them', async () => {
    await activateLocale('it');
    expect(serverMessage('This room is not available for the selected dates.', 'it')).toBe(
      'Questa camera non è disponibile nelle date scelte.',
    );
    expect(serverMessage(OPEN_REQUESTS, 'it')).toBe(
      "Hai già 2 richieste in attesa di risposta. Confermane o cancellane una, oppure aspetta la risposta dell'host.",
    );
    expect(serverMessage('This room accommodates at most 3 guests.', 'it')).toBe(
      'Questa camera ospita al massimo 3 persone.',
    );
    expect(serverMessage('Guests must be between 1 and 8.', 'it')).toBe('Gli ospiti devono essere da 1 a 8.');
    expect(serverMessage(MIN_STAY, 'it')).toBe('Per chi arriva venerdì 5 marzo 2027 il soggiorno minimo è di 3 notti.');
    expect(serverMessage(CLOSED_ARRIVAL, 'it')).toBe(
      'In queste date non si può arrivare di lunedì. Scegli un altro giorno di arrivo.',
    );
  });

  it('French', async () => {
    await activateLocale('fr');
    expect(serverMessage(CLOSED_DEPARTURE, 'fr')).toBe(
      "Le départ n'est pas possible le dimanche à ces dates. Merci de choisir un autre jour de départ.",
    );
    expect(serverMessage('A stay can be at most 30 nights.', 'fr')).toBe('Un séjour ne peut pas dépasser 30 nuits.');
    expect(serverErrorMessage({ code: 'P0001', message: 'This promo code has expired.' }, 'fr')).toBe(
      'Ce code promo a expiré.',
    );
  });

  it('an unknown sentence, or a known one with an unknown day, shows as sent', async () => {
    await activateLocale('it');
    expect(serverMessage('The moon is in the wrong phase.', 'it')).toBe('The moon is in the wrong phase.');
    expect(serverMessage('Check-in is not possible on Funday for these dates.', 'it')).toBe(
      'Check-in is not possible on Funday for these dates.',
    );
    expect(serverErrorMessage(new Error(''), 'it')).toBeUndefined();
  });
});
