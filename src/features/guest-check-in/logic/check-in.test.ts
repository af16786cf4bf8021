import { describe, expect, it } from 'vitest';
import { checkInState, type CheckIn } from './check-in';

/** checkin_by_link's answer (public.guest_checkin_view, typed from the generated types). */
const section: CheckIn = {
  reference: 'CG-ABC123',
  status: 'confirmed',
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
};

describe('checkInState', () => {
  it('says whether details are missing, complete, or the stay is checked in', () => {
    expect(checkInState(section)).toBe('missing');
    expect(checkInState({ ...section, complete: true, missing_count: 0 })).toBe('complete');
    expect(checkInState({ ...section, status: 'checked_in', checked_in: true, editable: false })).toBe('checked_in');
  });
});
