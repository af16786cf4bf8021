import type { Page } from '@playwright/test';
import { expect, expectToast, ROOMS, scrollToSection, seriousAxeViolations, skipCookieBanner, test } from './fixtures';

// The public site in English at /, Italian at /it/ and French at /fr/: the switcher keeps the
// page, texts and prices follow the language, links stay in it, and search engines are told
// about every language of a page.

const room = ROOMS.deluxeKing;

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

async function submitEmptyContactForm(page: Page, path: string, formName: string, send: string) {
  await page.goto(`${path}#contact`);
  const form = page.getByRole('form', { name: formName });
  await scrollToSection(form);
  await form.getByRole('button', { name: send }).click();
}

test('the switcher on a room page keeps the room and changes the language, its texts and its prices', async ({
  page,
}) => {
  await page.goto(`/room/${room.id}?from=test`);
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('room-price')).toHaveText('€165.00 / night');

  const switcher = page.getByRole('navigation', { name: 'Language' });
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  const italian = switcher.getByRole('link', { name: 'Italiano' });
  await expect(italian).toHaveAttribute('hreflang', 'it');
  await expect(italian).toHaveAttribute('href', `/it/room/${room.id}?from=test`);
  await italian.click();

  await expect(page).toHaveURL(new RegExp(`/it/room/${room.id}\\?from=test$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  // the room's Italian name (rooms.translations in the seed)
  await expect(page.getByRole('heading', { level: 1, name: 'Matrimoniale Deluxe' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prenota questa camera' })).toBeVisible();
  await expect(
    page.getByText('Cancellazione gratuita fino a 24 ore prima del check-in', { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('room-price')).toHaveText(/^165,00\s€ \/ notte$/);
  await expect(page).toHaveTitle('Matrimoniale Deluxe · Colosseum Guest House');
  await expect(
    page.getByRole('navigation', { name: 'Lingua' }).getByRole('link', { name: 'Italiano' }),
  ).toHaveAttribute('aria-current', 'true');

  // Back to Rooms stays in Italian
  await page.getByRole('link', { name: 'Torna alle camere' }).click();
  await expect(page).toHaveURL(/\/it\/#rooms$/);
  await expect(page.getByRole('link', { name: 'Scopri le camere' })).toBeVisible();

  await page.goto(`/fr/room/${room.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Réserver cette chambre' })).toBeVisible();
  await expect(page.getByTestId('room-price')).toHaveText(/^165,00\s€ \/ nuit$/);
});

test('a section link on an Italian room page leads to the Italian home page', async ({ page }) => {
  await page.goto(`/it/room/${room.id}`);
  await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Servizi' }).click();
  await expect(page).toHaveURL(/\/it\/#amenities$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 2, name: 'Servizi' })).toBeVisible();
});

test('/it/ speaks Italian: navigation, buttons and the contact form’s messages', async ({ page }) => {
  await page.goto('/it/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const nav = page.getByRole('navigation', { name: 'Principale' });
  for (const label of ['Camere', 'Servizi', 'Prenota', 'Posizione', 'Recensioni', 'Contatti']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', /^\/it\/#/);
  }
  await expect(page.getByRole('button', { name: /^Prenota ora/ }).first()).toBeVisible();

  await submitEmptyContactForm(page, '/it/', 'Contattaci', 'Invia messaggio');
  await expectToast(page, 'Nome obbligatorio', 'Inserisci il tuo nome.');
});

test('/fr/ speaks French: navigation and the contact form’s messages', async ({ page }) => {
  await page.goto('/fr/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const nav = page.getByRole('navigation', { name: 'Principale' });
  for (const label of ['Chambres', 'Services', 'Réserver', 'Accès', 'Avis', 'Contact']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle('Colosseum Guest House · Chambres près du Colisée, Rome');

  await submitEmptyContactForm(page, '/fr/', 'Nous contacter', 'Envoyer le message');
  await expectToast(page, 'Nom obligatoire', "Merci d'indiquer votre nom.");
});

test('every language of a page is named with hreflang, the canonical URL is the page’s own language', async ({
  page,
}) => {
  await page.goto(`/it/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Matrimoniale Deluxe' })).toBeVisible();
  const head = page.locator('head');
  const alternate = (lang: string) => head.locator(`link[rel="alternate"][hreflang="${lang}"]`);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`^https?://[^/]+/it/room/${room.id}$`),
  );
  await expect(alternate('en')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/room/${room.id}$`));
  await expect(alternate('it')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/it/room/${room.id}$`));
  await expect(alternate('fr')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/fr/room/${room.id}$`));
  await expect(alternate('x-default')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/room/${room.id}$`));

  await page.goto('/fr/');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/fr\/$/);
  await expect(alternate('it')).toHaveAttribute('href', /^https?:\/\/[^/]+\/it\/$/);
  await expect(alternate('x-default')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
});

test('on a phone the switcher is in the menu, with targets of 40 px, and the page does not scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/fr/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  const english = page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Langue' })
    .getByRole('link', { name: 'English' });
  await expect(english).toBeVisible();
  const box = await english.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(40);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  await english.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'View Rooms' })).toBeVisible();
});

test.describe('a browser that prefers Italian', () => {
  test.use({ locale: 'it-IT' });

  test('is offered the Italian site on an English page, never redirected, and a dismissal is remembered', async ({
    page,
  }) => {
    await page.goto(`/room/${room.id}`);
    await expect(page).toHaveURL(new RegExp(`/room/${room.id}$`));
    const offer = page.getByRole('link', { name: 'Passa all’italiano' });
    await expect(offer).toHaveAttribute('href', `/it/room/${room.id}`);
    await page.getByRole('button', { name: 'Chiudi' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });

  test('the French room page with the Italian offer and the switcher has no serious accessibility violation', async ({
    page,
  }) => {
    await page.goto(`/fr/room/${room.id}`);
    await expect(page.getByRole('link', { name: 'Passa all’italiano' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('following the offer shows the page in Italian', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Passa all’italiano' }).click();
    await expect(page).toHaveURL(/\/it\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('link', { name: 'Scopri le camere' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passa all’italiano' })).toHaveCount(0);
  });
});

test('the Italian and French headers fit at 768 and 1366 px without sideways scroll', async ({ page }) => {
  for (const width of [768, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/it/', `/fr/room/${room.id}`]) {
      await page.goto(path);
      const header = page.locator('header').first();
      await expect(header.getByRole('navigation').first()).toBeVisible();
      const overflow = await header.evaluate((root) => {
        const box = root.getBoundingClientRect();
        return [...root.querySelectorAll<HTMLElement>('a, button')]
          .filter((element) => !element.closest('[hidden]') && element.getBoundingClientRect().width > 0)
          .filter((element) => {
            const rect = element.getBoundingClientRect();
            return rect.left < box.left - 1 || rect.right > box.right + 1 || rect.bottom > box.bottom + 1;
          })
          .map((element) => element.textContent?.trim());
      });
      expect(overflow, `${path} at ${width}px`).toEqual([]);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], `${path} at ${width}px`).toBeLessThanOrEqual(widths[1]);
    }
  }
});
