import { describe, expect, it } from 'vitest';
import { COMPLIANCE_DEFAULTS } from '@/lib/site-compliance';
import { noticeFacts } from './notice';

const contact = { address: 'Via dei Serpenti 42', phone: '+39 06', email: 'info@house.example', whatsapp: '' };

describe('the privacy notice figures', () => {
  it('come from the settings, with the privacy address when one is set', () => {
    const facts = noticeFacts(
      {
        ...COMPLIANCE_DEFAULTS,
        stay_contact_retention_years: 3,
        contact_message_retention_months: 6,
        identity_document_retention_days: 45,
        privacy_contact_email: 'privacy@house.example',
      },
      contact,
    );
    expect(facts).toMatchObject({ email: 'privacy@house.example', stayYears: 3, messageMonths: 6, documentDays: 45 });
  });

  it("fall back to the house's e-mail when no privacy address is set", () => {
    expect(noticeFacts({ ...COMPLIANCE_DEFAULTS, privacy_contact_email: '  ' }, contact).email).toBe(
      'info@house.example',
    );
  });
});
