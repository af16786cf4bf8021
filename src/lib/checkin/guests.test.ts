import { describe, expect, it } from 'vitest';
import { checkGuests, emptyGuest, formGuests, guestPayload, serverGuestErrors, type GuestValues } from './guests';

const italy = { code: '100000100', name: 'ITALIA', kind: 'stato' as const };
const roma = { code: '412058091', name: 'ROMA', province: 'RM', kind: 'comune' as const };
const france = { code: '100000215', name: 'FRANCIA', kind: 'stato' as const };

const head: GuestValues = {
  ...emptyGuest('17'),
  surname: "  D'Angelo ",
  given_names: 'Maria',
  sex: 'F',
  birth_date: '1985-04-12',
  birth_state: italy,
  birth_comune: roma,
  citizenship: italy,
  residence_state: france,
  residence_comune: roma,
  document_type: 'IDENT',
  document_number: 'ca 123 45',
  document_issue_place: roma,
};

describe('the check-in payload', () => {
  it('leaves out what does not apply: a comune abroad, a member’s document', () => {
    const member: GuestValues = { ...head, guest_type: '19', document_number: 'X1' };
    const [first, second] = guestPayload([head, member]);
    expect(first).toMatchObject({
      guest_type: 17,
      surname: "D'Angelo",
      birth_comune_code: '412058091',
      residence_state_code: '100000215',
      residence_comune_code: null,
      document_number: 'CA12345',
    });
    expect(second).toMatchObject({ document_type_code: null, document_number: null, document_issue_place_code: null });
  });

  it('starts with the saved guests and empty ones up to the stay’s number', () => {
    expect(formGuests([], 1)[0].guest_type).toBe('16');
    expect(formGuests([], 3).map((g) => g.guest_type)).toEqual(['', '', '']);
  });
});

describe('the form’s checks (the server’s rules)', () => {
  it('names bad fields by index', () => {
    const errors = checkGuests(
      [
        { ...head, surname: 'R0ssi', birth_date: '2999-01-01' },
        { ...head, guest_type: '17', document_number: 'A' },
        { ...emptyGuest('20') },
      ],
      3,
      '2026-11-27',
    );
    expect(errors).toEqual({
      '0.surname': 'invalid',
      '0.birth_date': 'future',
      '1.document_number': 'invalid',
      '1.guest_type': 'one_head',
      '2.guest_type': 'head_missing',
    });
    expect(checkGuests([head, head], 1, '2026-11-27')).toEqual({ guests: 'too_many' });
    expect(checkGuests([head], 1, '2026-11-27')).toEqual({});
  });

  it('reads the server’s field errors', () => {
    expect(serverGuestErrors({ code: '22023', hint: 'checkin_invalid', details: '{"0.sex":"invalid"}' })).toEqual({
      '0.sex': 'invalid',
    });
    expect(serverGuestErrors({ code: 'P0001', hint: null, details: null })).toBeNull();
  });
});

describe('the rule of every text', () => {
  it('refuses control, bidi and zero-width characters in names and document numbers', () => {
    for (const attack of ['Ma\u202Erie', 'Ma\u200Brie', '\uFEFFMarie', 'Ma\u0007rie', 'Ma\u2066rie']) {
      const errors = checkGuests(
        [{ ...head, guest_type: '16', surname: attack, given_names: attack, document_number: `CA${attack}1` }],
        1,
        '2026-11-27',
      );
      expect(errors, JSON.stringify(attack)).toEqual({
        '0.surname': 'text_not_allowed',
        '0.given_names': 'text_not_allowed',
        '0.document_number': 'text_not_allowed',
      });
    }
  });
});
