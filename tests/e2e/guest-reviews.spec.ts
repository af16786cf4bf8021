import { readInbox } from '../../supabase/tests/inbox';
import {
  checkOutAtTheDesk,
  DEMO,
  expect,
  expectToast,
  resetRateLimits,
  ROOMS,
  seriousAxeViolations,
  signInToAdmin,
  skipCookieBanner,
  sql,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

// A review from a real stay, end to end: staff check the stay out, the review e-mail lands in the
// local inbox, the guest writes the review through its link, it waits unpublished, staff approve
// and answer it, and the home page shows it with the reply and the headline computed from the
// approved reviews of stays (switched on in the Content screen).

const COMMENT = 'Bright room, silent at night, and the Colosseum at the end of the street. Grazie!';
const REPLY = 'Thank you for staying with us, come back soon!';

/** The review link's path in the newest review e-mail to `address` (waits for the dispatcher). */
async function reviewPathFromInbox(address: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const message = (await readInbox(process.env.E2E_API_URL!, address)).find((sent) =>
          sent.subject.startsWith('How was your stay'),
        );
        path = message && /https?:\/\/[^\s/]+(\/review\/[A-Za-z0-9_-]+)/.exec(message.text)?.[1];
        return path;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return path!;
}

async function computedHeadline() {
  const [row] = await sql<{ n: number; avg: string }>(
    "select count(*)::int as n, round(avg(rating), 2)::text as avg from public.reviews where approved and source = 'stay'",
  );
  return { count: row.n, average: Number(row.avg) };
}

test('a guest reviews a stay from the e-mailed link; staff approve and reply; the site shows it and counts it', async ({
  page,
  browser,
}) => {
  // the whole journey, through two browser contexts and the e-mail dispatcher
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const guestName = `Greta Guest ${tag}`;
  const guestEmail = uniqueEmail('e2e-review');
  const [{ id: bookingId }] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, $2, $3, current_date + 400, current_date + 403, 2, 'checked_in') returning id::text`,
    [ROOMS.romanticSuite.id, guestName, guestEmail],
  );
  await resetRateLimits();
  const guest = await browser.newContext();
  try {
    // staff check the stay out
    await signInToAdmin(page, DEMO.staff);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(guestName)}`);
    const card = page.getByRole('article', { name: guestName });
    await card.getByRole('button', { name: 'Check Out', exact: true }).click();
    await checkOutAtTheDesk(page, guestName);

    // the review e-mail lands in the local inbox; the guest follows its link
    const reviewPath = await reviewPathFromInbox(guestEmail);
    const guestPage = await guest.newPage();
    await skipCookieBanner(guestPage);
    await guestPage.goto(reviewPath);
    await expect(guestPage.getByRole('heading', { name: `How was your stay, ${guestName}?` })).toBeVisible();
    await expect(guestPage.getByRole('main')).toContainText(ROOMS.romanticSuite.name);
    await expect(guestPage.getByLabel('Name to show')).toHaveValue(guestName);
    expect(await seriousAxeViolations(guestPage)).toEqual([]);

    // too short first, then the real review
    await guestPage.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '5 stars' }).check();
    await guestPage.getByLabel('Your review').fill('Lovely!');
    await guestPage.getByRole('button', { name: 'Send Review' }).click();
    await expect(guestPage.getByText('Please write at least 20 characters.')).toBeVisible();
    await guestPage.getByLabel('Your review').fill(COMMENT);
    await guestPage
      .getByRole('group', { name: /Cleanliness/ })
      .getByRole('radio', { name: '4 stars' })
      .check();
    await guestPage.getByLabel('Name to show').fill(`Greta ${tag}`);
    await guestPage.getByLabel('Country (optional)').fill('Sweden');
    await guestPage.getByRole('button', { name: 'Send Review' }).click();
    await expect(guestPage.getByRole('heading', { name: 'Thank you for your review!' })).toBeVisible();

    // the link works once; a wrong one says so too
    await guestPage.goto(reviewPath);
    await expect(guestPage.getByRole('heading', { name: 'This review link has already been used' })).toBeVisible();
    await guestPage.goto('/review/not-a-link-we-ever-sent');
    await expect(guestPage.getByRole('heading', { name: 'This review link is not valid' })).toBeVisible();

    // unapproved: not on the site
    await guestPage.goto('/#reviews');
    await expect(guestPage.locator('#reviews').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(guestPage.locator('#reviews')).not.toContainText(COMMENT);

    // staff turn on the computed headline
    await page.goto('/admin/content');
    await page.getByRole('switch', { name: 'Compute the rating and count from guest reviews' }).click();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expectToast(page, 'Content updated successfully');

    // staff find it under Pending with its stay, approve it and answer it
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    const review = page.getByRole('article', { name: new RegExp(`Greta ${tag}`) });
    await expect(review).toContainText(COMMENT);
    await expect(review).toContainText('Guest stay');
    await expect(review).toContainText(`${ROOMS.romanticSuite.name} · Room ${ROOMS.romanticSuite.number}`);
    const [{ reference }] = await sql<{ reference: string }>('select reference from public.bookings where id = $1', [
      bookingId,
    ]);
    await expect(review).toContainText(reference);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Review approved');
    await expect(review).toHaveCount(0);

    await page.getByRole('tab', { name: /^Approved/ }).click();
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: 'Reply' }).click();
    await expect(page.getByRole('heading', { name: `Reply to Greta ${tag}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Your reply' }).fill(REPLY);
    await page.getByRole('button', { name: 'Save Reply' }).click();
    await expectToast(page, 'Reply saved');
    await expect(review).toContainText(REPLY);
    // staff moderate; only admins delete
    await expect(review.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // the home page: the review with the host's reply, and the headline computed from stays
    const headline = await computedHeadline();
    await guestPage.goto('/');
    const section = guestPage.locator('#reviews');
    const item = section.getByRole('listitem').filter({ hasText: COMMENT });
    await expect(item).toContainText(`Greta ${tag}`);
    await expect(item).toContainText('Sweden');
    await expect(item).toContainText('Response from the host');
    await expect(item).toContainText(REPLY);
    // one rating: the Reviews section shows the hero's
    await expect(section).toContainText(
      `${headline.average.toFixed(1)}out of 5 from ${headline.count} ${headline.count === 1 ? 'review' : 'reviews'}`,
    );
    await expect(guestPage.locator('#hero')).toContainText(
      `Rated ${headline.average.toFixed(1)} from ${headline.count} reviews`,
    );
    const aggregate = async () =>
      JSON.parse((await guestPage.locator('script[type="application/ld+json"]').textContent()) ?? '{}').aggregateRating;
    await expect.poll(aggregate).toEqual({
      '@type': 'AggregateRating',
      ratingValue: Number(headline.average.toFixed(1)),
      bestRating: 5,
      reviewCount: headline.count,
    });
  } finally {
    await guest.close();
    await sql('delete from public.reviews where booking_id = $1', [bookingId]);
    await sql('delete from public.bookings where id = $1', [bookingId]);
    await sql("update public.site_content set value = 'typed' where key = 'reviews_headline_source'");
  }
});
