import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { it as italian } from 'date-fns/locale';
import {
  beforeEachBooking,
  captureNewTabUrl,
  createTestRoom,
  daysFromToday,
  deleteTestRooms,
  expect,
  expectToast,
  resetRateLimits,
  sql,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

// The guest's booking in Italian and the sign-in in French: the dialog, its calendar and its
// toasts speak the page's language, the WhatsApp message too, and the stored request keeps the
// language for its e-mails.

beforeEachBooking();

/** How the Italian calendar names a day: "venerdì 28 luglio 2028" (then its price or state). */
function giorno(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'PPPP', { locale: italian });
}

/** The Italian calendar's button of a day, after moving forward to its month and its price loading. */
async function dayButton(dialog: Locator, iso: string): Promise<Locator> {
  const button = dialog.getByRole('button', { name: new RegExp(`^${giorno(iso)}(,|$)`) });
  for (let i = 0; i < 30 && (await button.count()) === 0; i++) {
    await dialog.getByRole('button', { name: 'Vai al mese successivo' }).click();
  }
  await expect(button).toHaveAccessibleName(/€|non disponibile/);
  return button;
}

/** The Hero's first action opens the Book Your Stay dialog (its label is the site's, per language). */
async function openDialogOnItalianHome(page: Page): Promise<Locator> {
  await page.goto('/it/');
  await page.locator('[data-design-id="hero-actions"]').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Prenota il tuo soggiorno' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('on /it/ the dialog, its calendar, its toasts and the WhatsApp message are Italian; the request keeps guest_language it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await resetRateLimits();
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { price_per_night: 120 });
  const checkIn = daysFromToday(40);
  const checkOut = daysFromToday(43);
  try {
    const dialog = await openDialogOnItalianHome(page);

    // the calendar: Italian month and weekday names
    const month = format(new Date(), 'LLLL yyyy', { locale: italian });
    await expect(dialog.getByText(month, { exact: true })).toBeVisible();
    await expect(dialog.getByText('lun', { exact: true }).first()).toBeVisible();
    await expect(
      dialog.getByText('Le notti barrate sono occupate in tutte le camere.', { exact: false }),
    ).toBeVisible();

    // nothing filled in: the Italian "Missing Information" toast
    await dialog.getByRole('button', { name: 'Prenota su WhatsApp' }).click();
    await expectToast(page, 'Dati mancanti', 'Compila tutti i campi obbligatori, date comprese.');

    // the request
    await (await dayButton(dialog, checkIn)).click();
    await (await dayButton(dialog, checkOut)).click();
    await expect(dialog.getByLabel('Data di partenza')).toHaveValue(/\d{4}$/);
    const select = dialog.getByLabel('Camera', { exact: true });
    const option = select.locator('option', { hasText: room.name });
    await expect(option).toHaveCount(1);
    await expect(option).toHaveText(/360,00\s€ per 3 notti/);
    await select.selectOption({ value: (await option.getAttribute('value'))! });
    await dialog.getByLabel('Nome e cognome').fill('Giulia Bianchi');
    await dialog.getByLabel('Email', { exact: true }).fill(uniqueEmail('giulia'));
    await expect(dialog.getByRole('status')).toHaveText('Disponibile nelle tue date');
    await expect(dialog.getByText(/120,00\s€ × 3 notti/)).toBeVisible();

    const url = await captureNewTabUrl(page, () => dialog.getByRole('button', { name: 'Prenota su WhatsApp' }).click());
    const text = url.searchParams.get('text') ?? '';
    expect(text).toMatch(/^Ciao! Vorrei richiedere una prenotazione al Colosseum Guest House\./);
    expect(text).toContain(`Camera: ${room.name} (camera ${room.room_number})`);
    expect(text).toContain('Notti: 3 notti');
    expect(text).toMatch(/Totale: 360,00\s€/);
    expect(text).toContain('Telefono: Non indicato');
    const reference = /^Codice prenotazione: (CG-[0-9A-Z]{6})$/m.exec(text)?.[1];
    expect(reference, `reference in:\n${text}`).toBeTruthy();
    await expectToast(page, 'Apriamo WhatsApp');

    const [booking] = await sql<{ guest_language: string; guest_name: string }>(
      'select guest_language, guest_name from public.bookings where reference = $1',
      [reference],
    );
    expect(booking).toEqual({ guest_language: 'it', guest_name: 'Giulia Bianchi' });
  } finally {
    await sql('delete from public.bookings where room_id = $1', [room.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});

test('/fr/auth signs in in French; its way back leads to the French site', async ({ page }) => {
  await page.goto('/fr/auth');
  await expect(page.getByRole('heading', { name: 'Portail de gestion' })).toBeVisible();
  const panel = page.getByRole('tabpanel', { name: 'Se connecter' });
  await expect(panel.getByLabel('E-mail')).toBeVisible();
  await expect(panel.getByLabel('Mot de passe')).toBeVisible();
  await panel.getByRole('button', { name: 'Se connecter' }).click();
  await expect(panel.locator('#signin-error')).toHaveText("L'e-mail et le mot de passe sont obligatoires");
  await panel.getByLabel('E-mail').fill('someone@example.com');
  await panel.getByLabel('Mot de passe').fill('12345');
  await panel.getByRole('button', { name: 'Se connecter' }).click();
  await expect(panel.locator('#signin-error')).toHaveText('Le mot de passe doit comporter au moins 6 caractères');
  await page.getByRole('tab', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Créer un compte' }).getByLabel('Nom (facultatif)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour au site' })).toHaveAttribute('href', '/fr/');
});
