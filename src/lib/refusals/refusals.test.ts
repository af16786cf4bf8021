import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activateLocale } from '@/lib/i18n';
import { REFUSAL_CODES, refusalErrorText, refusalOf, refusalText } from './refusals';

/** The staff portal words its refusals by their sentence (src/lib/i18n/portal-refusals.ts). */
const PORTAL = 'the staff portal, in its language (portal-refusals.ts)';

/** Codes the SQL raises that reach no guest through this table, and why. */
const ANSWERED_ELSEWHERE: Record<string, string> = {
  checkin_invalid: 'the check-in forms show its details field by field (src/lib/checkin)',
  private_address: PORTAL,
  post_required: 'a private link read over GET: the site always reads links with POST (supabase-js rpc)',
  receipt_not_ready: 'the receipts function: the guest’s page offers the receipt only once the stay is checked out',
  unknown_portal: PORTAL,
  credentials_missing: PORTAL,
  credentials_invalid: PORTAL,
  booking_not_found: PORTAL,
  guest_not_found: PORTAL,
  payment_method_invalid: PORTAL,
  note_too_long: PORTAL,
  date_in_future: PORTAL,
  refund_exceeds_paid: PORTAL,
  stay_not_open: PORTAL,
  extra_name: PORTAL,
  not_checked_in: PORTAL,
  nights_choice_needed: PORTAL,
  balance_open: PORTAL,
  reason_needed: PORTAL,
  refund_out_of_range: PORTAL,
  line_not_correctable: PORTAL,
  line_already_corrected: PORTAL,
  value_missing: PORTAL,
  user_not_found: PORTAL,
  own_factor: PORTAL,
  mfa_enrol_first: PORTAL,
  source_invalid: PORTAL,
  desk_status_invalid: PORTAL,
  hold_hours_range: PORTAL,
  override_reason_missing: PORTAL,
  stay_not_changeable: PORTAL,
  arrival_fixed: PORTAL,
  use_check_out: PORTAL,
  stay_unchanged: PORTAL,
  not_no_show: PORTAL,
};

/** Every refusal code in the current definition of the database (supabase/schema/*.sql). */
function codesInSql(): Set<string> {
  const dir = join(process.cwd(), 'supabase', 'schema');
  const codes = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(join(dir, file), 'utf8');
    // raise … using hint = 'code'; quote_stay's problems: jsonb_build_object('code', 'code', …); an
    // answer in an error's shape (private.booking_link_not_valid): jsonb_build_object(…, 'hint', 'code')
    for (const match of sql.matchAll(/\bhint\s*=\s*'([a-z_]+)'|'code',\s*'([a-z_]+)'|'hint',\s*'([a-z_]+)'/g))
      codes.add(match[1] ?? match[2] ?? match[3]);
  }
  return codes;
}

describe('the refusal codes', () => {
  afterEach(() => activateLocale('en'));

  it('every code the SQL raises has a translation (or says where it is answered)', () => {
    const sql = codesInSql();
    expect(sql.size).toBeGreaterThan(30);
    const untranslated = [...sql].filter((code) => !REFUSAL_CODES.includes(code) && !(code in ANSWERED_ELSEWHERE));
    expect(untranslated).toEqual([]);
    // and the table holds no code the SQL no longer raises
    expect(REFUSAL_CODES.filter((code) => !sql.has(code))).toEqual([]);
    expect(Object.keys(ANSWERED_ELSEWHERE).filter((code) => !sql.has(code))).toEqual([]);
  });

  it('reads the code from the hint and the values from the details, and writes them in the guest’s language', async () => {
    const error = {
      code: 'P0001',
      message: 'A stay arriving on Friday 5 March 2027 must be at least 3 nights.',
      hint: 'min_stay',
      details: '{"min_nights": 3, "check_in": "2027-03-05"}',
    };
    expect(refusalOf(error)).toEqual({
      code: 'min_stay',
      message: error.message,
      details: { min_nights: '3', check_in: '2027-03-05' },
    });
    expect(refusalErrorText(error, 'en')).toBe('A stay arriving on Friday, 5 March 2027 must be at least 3 nights.');
    await activateLocale('it');
    expect(refusalErrorText(error, 'it')).toBe('Per chi arriva venerdì 5 marzo 2027 il soggiorno minimo è di 3 notti.');
    await activateLocale('fr');
    const closed = { code: 'closed_to_arrival', message: '…', details: { check_in: '2027-03-08' } };
    expect(refusalText(closed, 'fr')).toMatch(/lundi/);
    expect(refusalText({ code: 'guests_range', message: '…', details: { min_guests: 1, max_guests: 8 } }, 'fr')).toBe(
      'Le nombre de voyageurs doit être compris entre 1 et 8.',
    );
  });

  it('names the extra in the guest’s language, in English where it has no translation', async () => {
    const refusal = {
      code: 'extra_quantity',
      message: 'Please choose a valid quantity for Breakfast in the Room.',
      details:
        '{"service": "Breakfast in the Room", "service_it": "Colazione in camera", "service_fr": "Petit-déjeuner en chambre", "max_quantity": 2}',
    };
    expect(refusalText(refusal, 'en')).toBe('Please choose a quantity from 1 to 2 for Breakfast in the Room.');
    await activateLocale('it');
    expect(refusalText(refusal, 'it')).toBe('Per «Colazione in camera» scegli una quantità da 1 a 2.');
    await activateLocale('fr');
    expect(refusalText(refusal, 'fr')).toBe(
      'Pour « Petit-déjeuner en chambre », choisissez une quantité entre 1 et 2.',
    );
  });

  it('a code it does not know shows the server’s sentence; an error that is no refusal gives nothing', () => {
    expect(refusalErrorText({ code: 'P0001', message: 'The moon is in the wrong phase.', hint: null }, 'it')).toBe(
      'The moon is in the wrong phase.',
    );
    expect(refusalErrorText({ code: '', message: 'TypeError: Failed to fetch' }, 'it')).toBeUndefined();
    expect(refusalErrorText(null, 'it')).toBeUndefined();
  });
});
