import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withAdminMessages } from '@/lib/i18n';
import { failureText, refusalMessage, wordRefusalsWith } from '@/lib/postgrest-error';
import { REFUSAL_CODES } from '@/lib/refusals/refusals';
import { portalRefusalWording, STAFF_SENTENCES, STAFF_SHAPES } from './portal-refusals';

/** Sentences the SQL raises that no staff screen shows, and why. */
const NOT_SHOWN: Record<string, string> = {
  'bad date': 'a cast inside a function, caught there',
  'Unknown table.': 'the CSV import names its table itself',
  'Unknown outcome.': 'the police-filing function reports the outcome, never a person',
  'The errors must be a list.': 'the police-filing function reports the errors, never a person',
  'An event needs its id and type.': 'the Stripe webhook function',
  'p_events must be a non-empty array': 'the security monitor’s collector',
  'The audit trail is append-only': 'no screen edits the audit trail',
  'The payments ledger is append-only.': 'no screen edits the ledger',
  'Ask for 1 to 100 bookings from offset 0 or more.': 'the bookings list always asks for a page of 25',
  'Private links are read with POST.': 'a guest’s private link, read over GET',
  'The receipt is ready once you have checked out.': 'the guest’s receipt',
  'Reviews of stays are written by the guests themselves, through their review link.':
    'the reviews screen never creates a stay’s review',
  'Colour contrast below 4.5:1 (WCAG AA): %': 'the designer checks the contrast before it publishes',
  'Invalid design: %': 'the designer checks the design before it saves',
  'Unknown webhook event type: %': 'the webhooks screen offers only the known events',
};

/** Codes a screen words itself: the check-in form field by field, two-factor sign-in with what to do. */
const ANSWERED_BY_CODE = ['checkin_invalid', 'aal2_required'];

/** The checks of a translated field: the content forms make them before anything is sent. */
const TRANSLATION_CHECK = /^(Translations must|Unknown translat|The translation|The % translation)/;

/** Every sentence raised in the current definition of the database, with its code (hint). */
function raisedSentences(): { sentence: string; code: string }[] {
  const dir = join(process.cwd(), 'supabase', 'schema');
  const raised: { sentence: string; code: string }[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(join(dir, file), 'utf8');
    for (const match of sql.matchAll(/raise exception\s+'((?:[^']|'')*)'([^;]*);/g)) {
      const code = /hint\s*=\s*'([a-z_0-9]+)'/.exec(match[2])?.[1] ?? '';
      raised.push({ sentence: match[1].replaceAll("''", "'"), code });
    }
  }
  return raised;
}

const english = (index: number) => STAFF_SENTENCES[index].message ?? '';

describe('the database’s refusals in the portal', () => {
  const raised = raisedSentences();
  const fixed = raised.filter(({ sentence }) => !sentence.includes('%'));
  const shaped = raised.filter(({ sentence }) => sentence.includes('%') && sentence !== '%');

  it('words every staff sentence the SQL raises, and only sentences it raises', () => {
    expect(fixed.length).toBeGreaterThan(100);
    const worded = new Set(STAFF_SENTENCES.map((_, index) => english(index)));
    const staffOnly = fixed.filter(
      ({ sentence, code }) =>
        !REFUSAL_CODES.includes(code) &&
        !ANSWERED_BY_CODE.includes(code) &&
        !(sentence in NOT_SHOWN) &&
        !TRANSLATION_CHECK.test(sentence),
    );
    expect(staffOnly.filter(({ sentence }) => !worded.has(sentence)).map(({ sentence }) => sentence)).toEqual([]);
    const sentences = new Set(fixed.map(({ sentence }) => sentence));
    expect([...worded].filter((sentence) => !sentences.has(sentence))).toEqual([]);
    const all = new Set(raised.map(({ sentence }) => sentence));
    expect(Object.keys(NOT_SHOWN).filter((sentence) => !all.has(sentence))).toEqual([]);
  });

  it('words every staff sentence with values by its shape, and every shape is one the SQL raises', () => {
    // a raised sentence with its values filled in (digits, a date, a word)
    const filled = (sentence: string) =>
      ['7', '2027-03-05', 'confirmed'].map((value) => sentence.replaceAll('%', value));
    const matches = (pattern: RegExp, sentence: string) => filled(sentence).some((text) => pattern.test(text));
    const staffShaped = shaped.filter(
      ({ sentence, code }) =>
        !REFUSAL_CODES.includes(code) &&
        !ANSWERED_BY_CODE.includes(code) &&
        !(sentence in NOT_SHOWN) &&
        !TRANSLATION_CHECK.test(sentence),
    );
    const unworded = staffShaped.filter(
      ({ sentence }) => !STAFF_SHAPES.some(([pattern]) => matches(pattern, sentence)),
    );
    expect(unworded.map(({ sentence }) => sentence)).toEqual([]);
    for (const [pattern] of STAFF_SHAPES) {
      expect(
        raised.some(({ sentence }) => matches(pattern, sentence)),
        pattern.source,
      ).toBe(true);
    }
  });

  describe('in Italian', () => {
    beforeAll(async () => {
      await withAdminMessages(async () => undefined)();
      wordRefusalsWith(portalRefusalWording);
      await activateLocale('it');
    });
    afterEach(async () => {
      await activateLocale('it');
    });

    it('a fixed sentence, one with values, two-factor sign-in and a guest’s refusal at the desk', () => {
      const refused = (message: string, hint?: string, details?: unknown) =>
        refusalMessage({ code: 'P0001', message, hint, details });
      expect(refused('Please pick a day.')).toBe('Scegli un giorno.');
      expect(refused('This stay is for 3 guests and 2 are entered.')).toBe(
        'Il soggiorno è per 3 ospiti e ne sono stati inseriti 2.',
      );
      expect(
        refused(
          'A stay arriving on Friday 5 March 2027 must be at least 3 nights.',
          'min_stay',
          '{"min_nights": 3, "check_in": "2027-03-05"}',
        ),
      ).toBe('Per chi arriva venerdì 5 marzo 2027 il soggiorno minimo è di 3 notti.');
      expect(
        failureText('Impossibile caricare la schedina', {
          code: '42501',
          hint: 'aal2_required',
          message: 'This needs two-factor sign-in: confirm with a code from your authenticator app.',
        }),
      ).toMatch(/^Impossibile caricare la schedina\. Serve la doppia verifica/);
      // a sentence the portal does not know is shown as the server sent it
      expect(refused('The moon is in the wrong phase.')).toBe('The moon is in the wrong phase.');
      // an error that is no refusal gives nothing
      expect(refusalMessage({ code: '08006', message: 'connection failure' })).toBeUndefined();
    });

    it('in English, the server’s own sentence', async () => {
      await activateLocale('en');
      expect(refusalMessage({ code: '22023', message: 'Please pick a day.' })).toBe('Please pick a day.');
      expect(refusalMessage({ code: 'P0001', message: 'This stay is for 3 guests and 2 are entered.' })).toBe(
        'This stay is for 3 guests and 2 are entered.',
      );
    });
  });
});
