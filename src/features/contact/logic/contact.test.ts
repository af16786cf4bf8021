import { activateLocale } from '@/lib/i18n';
import { checkContact, contactFailureToast, contactSuccessToast } from './contact';

const valid = { name: ' Ann ', email: ' ann@example.com ', phone: '', message: ' Hello ' };

describe('contact form', () => {
  it('trims the fields and sends an empty phone as null', () => {
    expect(checkContact(valid)).toEqual({
      ok: true,
      payload: { name: 'Ann', email: 'ann@example.com', phone: null, message: 'Hello' },
    });
    expect(checkContact({ ...valid, phone: ' +39 06 1 ' })).toMatchObject({ payload: { phone: '+39 06 1' } });
  });

  it('required fields, in order, with the spec texts', () => {
    expect(checkContact({ ...valid, name: '  ', email: '' })).toMatchObject({
      title: 'Name Required',
      description: 'Please enter your name.',
    });
    expect(checkContact({ ...valid, email: ' ' })).toMatchObject({
      title: 'Email Required',
      description: 'Please enter your email address.',
    });
    expect(checkContact({ ...valid, message: '' })).toMatchObject({
      title: 'Message Required',
      description: 'Please enter your message.',
    });
  });

  it('limits: name 100, email 254, phone 20, message 5000', () => {
    expect(checkContact({ ...valid, name: 'a'.repeat(101) })).toMatchObject({ ok: false, field: 'name' });
    expect(checkContact({ ...valid, phone: '1'.repeat(21) })).toMatchObject({ ok: false, field: 'phone' });
    expect(checkContact({ ...valid, message: 'm'.repeat(5000) })).toMatchObject({ ok: true });
    expect(checkContact({ ...valid, message: 'm'.repeat(5001) })).toMatchObject({ ok: false, field: 'message' });
    expect(checkContact({ ...valid, email: 'not-an-address' })).toMatchObject({ ok: false, field: 'email' });
  });

  it('refuses a name that would break an e-mail header, invisible characters and a list of addresses', () => {
    expect(checkContact({ ...valid, name: 'X\r\nBcc: victim@evil.example' })).toMatchObject({
      ok: false,
      field: 'name',
      title: 'Invalid Name',
    });
    expect(checkContact({ ...valid, name: 'Ann \u202Egnp.exe' })).toMatchObject({ ok: false, field: 'name' });
    expect(checkContact({ ...valid, email: 'a@b.co,d' })).toMatchObject({ ok: false, field: 'email' });
    expect(checkContact({ ...valid, message: 'Hello\u200B' })).toMatchObject({ ok: false, field: 'message' });
    expect(checkContact({ ...valid, message: 'Hello,\r\nsee you' })).toMatchObject({ ok: true });
  });

  it("checks the phone with the booking form's rule: digits, spaces and + ( ) . / -", () => {
    expect(checkContact({ ...valid, phone: '+39 (06) 123-45.67/8' })).toMatchObject({ ok: true });
    for (const phone of ['<b>06</b>', '06\nINFO forged line', 'call me', '06;1']) {
      expect(checkContact({ ...valid, phone })).toEqual({
        ok: false,
        field: 'phone',
        title: 'Invalid Phone',
        description: 'Please enter a valid phone number.',
      });
    }
  });

  it('toast texts', () => {
    expect(contactSuccessToast('ann@example.com')).toEqual({
      title: 'Message sent successfully!',
      description: "We've received your message and will reply to ann@example.com soon.",
    });
    expect(contactFailureToast('info@x.example', '+39 06 1')).toEqual({
      title: 'Failed to send message',
      description: 'Please try again or contact us directly at info@x.example or +39 06 1.',
    });
  });

  it('speaks the active language', async () => {
    await activateLocale('it');
    try {
      expect(checkContact({ ...valid, name: '' })).toMatchObject({
        title: 'Nome obbligatorio',
        description: 'Inserisci il tuo nome.',
      });
      await activateLocale('fr');
      expect(checkContact({ ...valid, message: 'm'.repeat(5001) })).toMatchObject({
        description: 'Veuillez utiliser 5000 caractères au maximum.',
      });
    } finally {
      await activateLocale('en');
    }
  });
});
