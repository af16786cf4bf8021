import { describe, expect, it } from 'vitest';
import { accountRefusal, submissionWords, type PoliceSubmission } from './submissions';

const refused: PoliceSubmission = {
  guest_id: 'g1',
  booking_id: 'b1',
  status: 'refused',
  error_code: 'DOCUMENTO',
  error_text: 'Documento non valido',
  error_detail: 'Controllare tipo, numero e luogo di rilascio del documento.',
  attempts: 1,
  last_attempt_at: '2026-12-01T10:00:00Z',
  sent_at: null,
};

describe('the web service answer on the arrivals card', () => {
  it('shows a refusal in the service’s Italian words, with what to fix', () => {
    expect(submissionWords(refused)).toEqual({
      tone: 'todo',
      text:
        'Refused by Alloggiati Web: Documento non valido (DOCUMENTO). To fix: Controllare tipo, numero e luogo di ' +
        'rilascio del documento. Correct the guest: the next run sends again.',
    });
  });
  it('says sent, and nothing before the first attempt', () => {
    expect(submissionWords({ ...refused, status: 'sent', sent_at: '2026-12-01T10:00:00Z' })?.text).toBe(
      'Sent to Alloggiati Web.',
    );
    expect(submissionWords(undefined)).toBeNull();
  });
  it('translates the account refusals', () => {
    expect(accountRefusal('credentials_refused')).toBe('Alloggiati Web refused this user, password or WSKey.');
  });
});
