import type { Page } from '@playwright/test';
import {
  expect,
  expectToast,
  resetRateLimits,
  scrollToSection,
  skipCookieBanner,
  sql,
  test,
  uniqueEmail,
} from './fixtures';

async function openContactForm(page: Page) {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await scrollToSection(form);
  await expect(form).toBeVisible();
  return {
    form,
    name: form.getByLabel('Name', { exact: true }),
    email: form.getByLabel('Email', { exact: true }),
    phone: form.getByLabel('Phone (optional)'),
    message: form.getByLabel('Message', { exact: true }),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test('the contact form asks for name, e-mail and message (trimmed) and sends nothing until they are given', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/send-contact-email')) calls.push(request.url());
  });
  const contact = await openContactForm(page);

  await contact.send.click();
  await expectToast(page, 'Name Required', 'Please enter your name.');
  await expect(contact.name).toBeFocused();

  await contact.name.fill('   ');
  await contact.send.click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Name Required' })).toHaveCount(2);

  await contact.name.fill('Tim Berners-Lee');
  await contact.send.click();
  await expectToast(page, 'Email Required', 'Please enter your email address.');
  await expect(contact.email).toBeFocused();

  await contact.email.fill('tim@example.com');
  await contact.message.fill('   \n  ');
  await contact.send.click();
  await expectToast(page, 'Message Required', 'Please enter your message.');
  await expect(contact.message).toBeFocused();

  expect(calls).toEqual([]);
});

test('a sent message is stored (phone empty → null), confirmed with a toast and the form clears', async ({ page }) => {
  await resetRateLimits();
  const email = uniqueEmail('contact');
  const contact = await openContactForm(page);
  await contact.name.fill('  Margaret Hamilton  ');
  await contact.email.fill(email);
  await contact.message.fill('Do you have a luggage room for the afternoon after check-out?  ');
  await contact.send.click();

  await expectToast(page, 'Message sent successfully!', `We've received your message and will reply to ${email} soon.`);
  for (const field of [contact.name, contact.email, contact.phone, contact.message])
    await expect(field).toHaveValue('');

  const rows = await sql(
    'select name, email, phone, message, client_ip from public.contact_messages where email = $1',
    [email],
  );
  expect(rows).toEqual([
    {
      name: 'Margaret Hamilton',
      email,
      phone: null,
      message: 'Do you have a luggage room for the afternoon after check-out?',
      client_ip: expect.stringMatching(/127\.0\.0\.1|::1/),
    },
  ]);
});
