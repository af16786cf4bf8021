import { settingsSchema } from './PrivacySettingsForm';

const form = (values: Record<string, unknown> = {}) => ({
  cin: '',
  stay_contact_retention_years: '2',
  contact_message_retention_months: '12',
  privacy_contact_email: '',
  legal_name: '',
  legal_address: '',
  tax_code: '',
  vat_exempt_receipts: false,
  ...values,
});

describe('the receipts’ issuer in the privacy settings', () => {
  it('saves blanks as nothing and a tax code in capitals without spaces', () => {
    expect(settingsSchema().parse(form())).toMatchObject({ legal_name: null, legal_address: null, tax_code: null });
    expect(
      settingsSchema().parse(
        form({ legal_name: ' Casa Gentile ', tax_code: 'rssmra80a41 h501u', vat_exempt_receipts: true }),
      ),
    ).toMatchObject({ legal_name: 'Casa Gentile', tax_code: 'RSSMRA80A41H501U', vat_exempt_receipts: true });
    expect(settingsSchema().parse(form({ tax_code: 'IT12345678901' })).tax_code).toBe('IT12345678901');
  });

  it('refuses a tax code that is neither a codice fiscale nor a partita IVA', () => {
    const result = settingsSchema().safeParse(form({ tax_code: '1234' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      'A codice fiscale has 16 letters and digits; a partita IVA 11 digits.',
    );
  });
});
