import { expect, ROOMS, scrollToSection, skipCookieBanner, sql, test } from './fixtures';

// The privacy notice in English, Italian and French (prerendered, its periods read from the admins'
// settings) and the CIN in every public page's footer and structured data (seed: IT058091C2DEMO00001).

const CIN = 'IT058091C2DEMO00001';
const NOTICES = [
  {
    path: '/privacy',
    lang: 'en',
    heading: 'Privacy notice',
    years: 'anonymised 2 years after departure',
    footer: 'Privacy',
  },
  {
    path: '/it/privacy',
    lang: 'it',
    heading: 'Informativa sulla privacy',
    years: 'resi anonimi 2 anni dopo la partenza',
    footer: 'Privacy',
  },
  {
    path: '/fr/privacy',
    lang: 'fr',
    heading: 'Politique de confidentialité',
    years: 'anonymisés 2 ans après le départ',
    footer: 'Confidentialité',
  },
] as const;

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

for (const notice of NOTICES) {
  test(`the privacy notice in ${notice.lang}: prerendered, from the settings, with the CIN in the footer`, async ({
    page,
    request,
  }) => {
    // the static file already holds the notice and the CIN (no script needed)
    const html = await (await request.get(notice.path)).text();
    expect(html).toContain(`lang="${notice.lang}"`);
    expect(html).toContain(notice.heading);
    expect(html).toContain(notice.years);
    expect(html).toContain(CIN);

    await page.goto(notice.path);
    await expect(page.getByRole('heading', { level: 1, name: notice.heading })).toBeVisible();
    await expect(page.getByTestId('privacy-stay-years')).toContainText(notice.years);
    await expect(page.getByTestId('privacy-document-days')).toContainText('30');
    await expect(page.getByTestId('privacy-message-months')).toContainText('12');
    await expect(page.getByTestId('footer-cin')).toContainText(CIN);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: notice.footer, exact: true })).toHaveAttribute(
      'href',
      notice.path,
    );
  });
}

test('the notice follows the settings, and the CIN is in the structured data of the home and room pages', async ({
  page,
}) => {
  await sql('update public.compliance_settings set stay_contact_retention_years = 3');
  try {
    await page.goto('/fr/privacy');
    // the prerendered page said 2; the browser reads the settings again
    await expect(page.getByTestId('privacy-stay-years')).toContainText('anonymisés 3 ans après le départ');
  } finally {
    await sql('update public.compliance_settings set stay_contact_retention_years = 2');
  }

  for (const path of ['/it/', `/room/${ROOMS.deluxeKing.id}`]) {
    await page.goto(path);
    await expect(page.getByTestId('footer-cin')).toContainText(CIN);
    const data = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(data.join('\n')).toContain(`"identifier":{"@type":"PropertyValue","propertyID":"CIN","value":"${CIN}"}`);
  }
});

test('the booking form links to the notice', async ({ page }) => {
  await page.goto('/#booking');
  const form = page.getByRole('form', { name: /book/i }).first();
  await scrollToSection(form);
  await expect(page.getByRole('link', { name: 'How we keep your data' }).first()).toHaveAttribute('href', '/privacy');
});
