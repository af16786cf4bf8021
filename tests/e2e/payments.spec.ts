import type { Page } from '@playwright/test';
import { readInbox } from '../../supabase/tests/inbox';
import {
  BookingDialog,
  createTestRoom,
  daysFromToday,
  DEMO,
  deleteTestRooms,
  expect,
  expectToast,
  pageScrollWidth,
  referenceIn,
  requestStayByApi,
  resetRateLimits,
  skipCookieBanner,
  signInToAdmin,
  sql,
  stubWhatsApp,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

// The deposit through the local Stripe stand-in's checkout page (the real `payments` and
// `stripe-webhook` functions of the local platform): a request, the deposit paid with Stripe's
// test card, /booking-success once the webhook has confirmed it, the private page showing it
// paid, the guest's cancellation there and the refund. Then the same in Italian on a phone, and
// the way back from the checkout page to /booking-cancelled.

test.beforeEach(async ({ page, context }) => {
  await skipCookieBanner(page);
  await stubWhatsApp(context);
});

/**
 * Does `action` on the checkout page and waits for the browser to follow the stand-in's redirect
 * back to the site: the payments function takes the site from the page that started the checkout
 * (this test's own server), so the real redirect lands here.
 */
async function backToSite(page: Page, action: () => Promise<void>): Promise<URL> {
  const site = new URL(page.url()).origin;
  await action();
  await page.waitForURL((url) => url.origin !== site && /\/booking-(success|cancelled)$/.test(url.pathname));
  const url = new URL(page.url());
  expect(url.origin).toBe(new URL(process.env.E2E_BASE_URL!).origin);
  return url;
}

/** A private link to the booking, as its e-mails carry one. */
async function privateLink(reference: string, prefix = ''): Promise<string> {
  const [{ token }] = await sql<{ token: string }>(
    `select private.issue_booking_token(b) as token from public.bookings b where reference = $1`,
    [reference],
  );
  return `${prefix}/booking/${reference}?token=${token}`;
}

/** A request sent as the site sends it (language `language`), without the dialog. */
async function requestStay(
  roomId: string,
  checkIn: string,
  checkOut: string,
  language: string,
  guestEmail = uniqueEmail('giulia'),
): Promise<string> {
  await requestStayByApi({
    p_room_id: roomId,
    p_check_in: checkIn,
    p_check_out: checkOut,
    p_guests: 2,
    p_guest_name: 'Giulia Rossi',
    p_guest_email: guestEmail,
    p_language: language,
  });
  const [{ reference }] = await sql<{ reference: string }>(
    `select reference from public.bookings where room_id = $1 and check_in_date = $2`,
    [roomId, checkIn],
  );
  return reference;
}

/** Pays on the stand-in's checkout page with a Stripe test card. */
async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Card information').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Test Guest');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** Marks the open page, to tell later that it was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}

async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
}

async function bookingState(reference: string) {
  const [row] = await sql<{ status: string; deposit_cents: number; paid: number; refunded: number }>(
    `select b.status::text, b.deposit_cents,
            coalesce(sum(p.amount_cents) filter (where p.kind = 'charge'), 0)::int as paid,
            coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::int as refunded
       from public.bookings b left join public.payments p on p.booking_id = b.id
      where b.reference = $1 group by b.id`,
    [reference],
  );
  return row;
}

/**
 * Removes the test's room and bookings; a booking with money in the ledger stays (the ledger is
 * append-only and keeps its booking), and so does its room, taken off the site.
 */
async function cleanUp(roomId: string) {
  await sql(
    'delete from public.bookings b where room_id = $1 and not exists (select 1 from public.payments p where p.booking_id = b.id)',
    [roomId],
  );
  const [{ kept }] = await sql<{ kept: number }>(
    'select count(*)::int as kept from public.bookings where room_id = $1',
    [roomId],
  );
  if (kept === 0) await deleteTestRooms({ ids: [roomId] });
  else await sql(`update public.rooms set status = 'maintenance' where id = $1`, [roomId]);
}

test('a request through the dialog, the deposit paid from its success step, the stay confirmed; the guest cancels and is refunded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await resetRateLimits();
  const room = await createTestRoom(uniqueTag(), { price_per_night: 100 });
  const checkIn = daysFromToday(480);
  const checkOut = daysFromToday(483);
  try {
    await page.goto(`/room/${room.id}`);
    await page.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = new BookingDialog(page);
    await dialog.fill({ checkIn, checkOut, guests: 2, name: 'Ada Lovelace', email: uniqueEmail('ada') });
    await expect(dialog.availability).toHaveText('Available for your dates');
    const reference = referenceIn((await dialog.submitToWhatsApp()).text);
    const stored = await bookingState(reference);
    // 3 nights at €100, a 30 % deposit
    expect(stored).toMatchObject({ status: 'pending', deposit_cents: 9000, paid: 0 });

    // the dialog closed as the spec says; its success step offers the deposit the server computed
    await expect(dialog.root).toBeHidden();
    const sent = page.getByRole('dialog', { name: 'Request sent' });
    await expect(sent.getByTestId('offer-deposit')).toHaveText('€90.00');
    await expect(sent.getByTestId('offer-balance')).toHaveText('€210.00');
    await expect(sent).toContainText(/Free cancellation until \d{1,2} \w+ \d{4}\./);
    await sent.getByRole('button', { name: 'Pay the deposit (€90.00)' }).click();

    // the stand-in's checkout page: the amount the server took from the booking
    await expect(page.locator('#amount')).toHaveText('€90.00');
    const back = await backToSite(page, () => payWithCard(page, '4242 4242 4242 4242'));
    expect(back.pathname).toBe('/booking-success');
    await expectToast(page, 'Payment Confirmed!');
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const stay = page.getByTestId('paid-stay');
    await expect(stay).toContainText(reference);
    await expect(stay).toContainText(room.name);
    await expect(stay).toContainText('Paid: €90.00 · at the house: €210.00');
    expect(await bookingState(reference)).toMatchObject({ status: 'confirmed', paid: 9000 });

    // the private page: paid, no payment asked any more
    await page.goto(await privateLink(reference));
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByTestId('paid')).toHaveText('€90.00');
    await expect(payment.getByRole('button', { name: /Pay the deposit/ })).toHaveCount(0);
    await expect(payment.getByRole('list', { name: 'Payments' })).toContainText('Paid online');

    // months before arrival: cancelling refunds everything paid
    await expect(page.getByRole('main')).toContainText('If you cancel today, we refund €90.00 in full.');
    await markPage(page);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Yes, cancel booking' })
      .click();
    await expectToast(page, 'Booking cancelled');
    await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
    // the payment section is asked again after the cancel: the page has the refund made at once and
    // shows it without a reload (the scheduler would make it within a minute, unseen until a reload)
    await expect(payment.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toContainText(
      [/Paid online.*€90\.00/, /Refunded.*€90\.00/],
      { timeout: 20_000 },
    );
    expect(await notReloaded(page)).toBe(true);
    expect(await bookingState(reference)).toMatchObject({ status: 'cancelled', refunded: 9000 });
  } finally {
    await cleanUp(room.id);
  }
});

test('in Italian on a phone: the deposit paid, confirmed, then cancelled and refunded', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await resetRateLimits();
  const room = await createTestRoom(uniqueTag(), { price_per_night: 100 });
  const checkIn = daysFromToday(490);
  try {
    const reference = await requestStay(room.id, checkIn, daysFromToday(492), 'it');
    await page.goto(await privateLink(reference, '/it'));
    const payment = page.getByRole('region', { name: 'Pagamento' });
    await expect(payment.getByTestId('deposit')).toHaveText('60,00 €');
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    await payment.getByRole('button', { name: 'Paga la caparra (60,00 €)' }).click();

    await expect(page.locator('#amount')).toHaveText('60,00 €');
    const back = await backToSite(page, () => payWithCard(page, '4242424242424242'));
    expect(back.pathname).toBe('/it/booking-success');
    await expectToast(page, 'Pagamento confermato!');
    await expect(page.getByRole('heading', { name: 'Prenotazione confermata!' })).toBeVisible();
    await expect(page.getByTestId('paid-stay')).toContainText(reference);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);

    await page.goto(await privateLink(reference, '/it'));
    await expect(payment.getByTestId('paid')).toHaveText('60,00 €');
    // the folio: what was paid and what is left, the city tax apart (never "no payment has been taken")
    await expect(payment.getByTestId('money-summary')).toHaveText(
      /^Già pagato online 60,00\s€ · Saldo da pagare in struttura 140,00\s€ · Tassa di soggiorno [\d,]+\s€ da pagare in struttura$/,
    );
    await expect(page.getByText(/Non è stato addebitato alcun pagamento/)).toHaveCount(0);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    await markPage(page);
    await page.getByRole('button', { name: 'Cancella la prenotazione' }).click();
    await page
      .getByRole('dialog', { name: 'Cancellare questa prenotazione?' })
      .getByRole('button', { name: 'Sì, cancella la prenotazione' })
      .click();
    await expectToast(page, 'Prenotazione cancellata');
    await expect(payment.getByRole('list').getByRole('listitem')).toContainText(
      [/Pagato online/, /Rimborsato.*60,00/],
      {
        timeout: 20_000,
      },
    );
    expect(await notReloaded(page)).toBe(true);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await bookingState(reference)).toMatchObject({ status: 'cancelled', paid: 6000, refunded: 6000 });
  } finally {
    await cleanUp(room.id);
  }
});

test('back from the checkout page: /booking-cancelled says nothing was paid, how long the dates are held, and pays again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await resetRateLimits();
  const room = await createTestRoom(uniqueTag(), { price_per_night: 100 });
  try {
    const reference = await requestStay(room.id, daysFromToday(500), daysFromToday(501), 'en');
    await page.goto(await privateLink(reference));
    await page.getByRole('button', { name: 'Pay the deposit (€30.00)' }).click();
    await expect(page.locator('#amount')).toHaveText('€30.00');

    const back = await backToSite(page, () => page.getByRole('link', { name: '← Back' }).click());
    expect(back.pathname).toBe('/booking-cancelled');
    await expect(page.getByRole('heading', { name: 'Booking Cancelled' })).toBeVisible();
    await expect(page.getByText('Your booking was cancelled and no payment was processed.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Booking Again' })).toHaveAttribute('href', '/');
    // the checkout held the request until the session's end: 30 minutes from now, in Rome's time
    const [{ until }] = await sql<{ until: string }>(
      `select to_char(hold_expires_at at time zone 'Europe/Rome', 'FMHH12:MI') as until
         from public.bookings where reference = $1`,
      [reference],
    );
    await expect(page.getByTestId('hold-end')).toContainText(until);
    expect(await bookingState(reference)).toMatchObject({ status: 'pending', paid: 0 });

    await page.getByRole('button', { name: 'Try the payment again' }).click();
    await expect(page.locator('#amount')).toHaveText('€30.00');
    await expect(page.getByLabel('Card information')).toBeVisible();
  } finally {
    await cleanUp(room.id);
  }
});

test('a host who confirms each request first: no payment until staff confirm it, then the e-mail and the private page offer it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await resetRateLimits();
  const room = await createTestRoom(uniqueTag(), { price_per_night: 100 });
  const guestEmail = uniqueEmail('camille');
  await sql('update public.payment_policy set confirm_before_payment = true where singleton');
  try {
    const reference = await requestStay(room.id, daysFromToday(510), daysFromToday(512), 'fr', guestEmail);
    const link = await privateLink(reference, '/fr');
    await page.goto(link);
    const payment = page.getByRole('region', { name: 'Paiement' });
    await expect(payment.getByTestId('deposit')).toHaveText('60,00 €');
    await expect(payment.getByTestId('payment-after-acceptance')).toContainText(
      'Dès que nous aurons accepté la vôtre, vous pourrez régler l’acompte sur cette page',
    );
    await expect(payment.getByRole('button')).toHaveCount(0);

    // staff confirm the request on the Bookings screen
    await signInToAdmin(page, DEMO.staff);
    await page.goto(`/admin/bookings?search=${reference}`);
    const card = page.getByRole('main').getByRole('article').filter({ hasText: reference });
    await card.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, 'Booking status updated successfully');

    // the guest's e-mail brings the pay link (the scheduler sends the outbox every few seconds)
    await expect
      .poll(
        async () =>
          (await readInbox(process.env.E2E_API_URL!, guestEmail)).find(
            (message) => message.kind === 'booking_confirmed',
          )?.text ?? '',
        { timeout: 30_000 },
      )
      .toMatch(new RegExp(`Payer l'acompte \\(60,00\u00a0€\\)\u00a0: \\S+/fr/booking/${reference}\\?token=`));
    await page.goto(link);
    await expect(payment.getByTestId('payment-after-acceptance')).toHaveCount(0);
    await payment.getByRole('button', { name: "Payer l'acompte (60,00 €)" }).click();
    await expect(page.locator('#amount')).toHaveText('60,00 €');
  } finally {
    await sql('update public.payment_policy set confirm_before_payment = false where singleton');
    await cleanUp(room.id);
  }
});

test('a guest cancelling outside the free window sees the refund before the click and the kept deposit in the e-mail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await resetRateLimits();
  const room = await createTestRoom(uniqueTag(), { price_per_night: 100 });
  const guestEmail = uniqueEmail('noor');
  // a house whose free cancellation ends 7 days before check-in; the stay starts in 3 days
  const [{ days }] = await sql<{ days: number }>('select free_cancellation_days as days from public.payment_policy');
  await sql('update public.payment_policy set free_cancellation_days = 7 where singleton');
  try {
    const reference = await requestStay(room.id, daysFromToday(3), daysFromToday(5), 'en', guestEmail);
    const link = await privateLink(reference);
    await page.goto(link);
    // the terms never promise a deadline that has passed
    const terms = page.getByTestId('cancellation-terms');
    await expect(terms).toHaveText(
      'This stay can no longer be cancelled for free. Nothing has been paid online, so a cancellation has nothing to refund.',
    );
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByRole('button', { name: 'Pay the deposit (€60.00)' }).click();
    await expect(page.locator('#amount')).toHaveText('€60.00');
    const back = await backToSite(page, () => payWithCard(page, '4242 4242 4242 4242'));
    expect(back.pathname).toBe('/booking-success');
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

    await page.goto(link);
    await expect(terms).toHaveText(
      'This stay can no longer be cancelled for free. If you cancel now, we refund nothing and keep the €60.00 paid.',
    );
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    // before the click: what comes back and what is kept, in euros
    const refund = dialog.getByTestId('cancel-refund');
    await expect(refund).toContainText('Refunded to you€0.00');
    await expect(refund).toContainText('Kept by the house€60.00');
    await expect(dialog.getByTestId('cancel-terms')).toHaveText(
      'This stay can no longer be cancelled for free. If you cancel now, we refund nothing and keep the €60.00 paid.',
    );
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await expectToast(page, 'Booking cancelled');
    await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
    await expect(page.getByTestId('cancellation-terms')).toContainText('We keep the €60.00 paid');
    expect(await bookingState(reference)).toMatchObject({ status: 'cancelled', paid: 6000, refunded: 0 });

    // the e-mail says what was kept, and why (the scheduler sends the outbox every few seconds)
    await expect
      .poll(
        async () =>
          (await readInbox(process.env.E2E_API_URL!, guestEmail)).find(
            (message) => message.kind === 'booking_cancelled',
          )?.text ?? '',
        { timeout: 30_000 },
      )
      .toMatch(
        /We keep the €60\.00 paid: the cancellation came after \d{1,2} \w+ \d{4}, the last day of free cancellation\./,
      );
  } finally {
    await sql('update public.payment_policy set free_cancellation_days = $1 where singleton', [days]);
    await cleanUp(room.id);
  }
});
