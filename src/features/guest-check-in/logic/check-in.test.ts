import { describe, expect, it } from 'vitest';
import { checkInState, parseCheckIn } from './check-in';

describe('parseCheckIn', () => {
  it('reads the section from checkin_by_link, and nothing from null', () => {
    expect(parseCheckIn(null)).toBeNull();
    const parsed = parseCheckIn({
      reference: 'CG-ABC123',
      check_in: '2026-12-01',
      check_out: '2026-12-04',
      guests_expected: 3,
      editable: true,
      checked_in: false,
      retention_days: 30,
      complete: false,
      missing_count: 4,
      guests: [],
      document_types: [{ code: 'IDENT', name: "CARTA DI IDENTITA'" }],
    });
    expect(parsed).toMatchObject({ guestsExpected: 3, editable: true, missingCount: 4 });
    expect(checkInState(parsed!)).toBe('missing');
    expect(checkInState({ ...parsed!, complete: true })).toBe('complete');
    expect(checkInState({ ...parsed!, checkedIn: true })).toBe('checked_in');
  });
});
