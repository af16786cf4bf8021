import {
  BookingDialog,
  BookingForm,
  captureNewTabUrl,
  DEMO,
  pageScrollWidth,
  ROOMS,
  daysFromToday,
  expect,
  referenceIn,
  resetRateLimits,
  signInToAdmin,
  skipCookieBanner,
  sql,
  stubWhatsApp,
  test,
  uniqueEmail,
} from './fixtures';

test.beforeEach(async ({ page, context }) => {
  await skipCookieBanner(page);
  await stubWhatsApp(context);
});

test('a guest adds an extra in the dialog: the quote shows its line, the request stores it, staff see it on the booking card', async ({
  page,
}) => {
  await resetRateLimits();
  const room = ROOMS.standardKing;
  const stay = {
    checkIn: daysFromToday(716),
    checkOut: daysFromToday(718),
    guests: 2,
    name: 'Grace Hopper',
    email: uniqueEmail('grace'),
  };

  await page.goto(`/room/${room.id}`);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await dialog.fill(stay);
  await expect(dialog.availability).toHaveText('Available for your dates');
  const totalOf = () => dialog.root.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd');
  const nightsOnly = await totalOf().textContent();

  // the extras are listed with their price and unit; one airport transfer, by keyboard
  await dialog.root.getByText('Extras (optional)').click();
  await expect(dialog.root).toContainText('€55.00 per stay');
  await expect(dialog.root).toContainText('€12.00 per night');
  await expect(dialog.root).toContainText('€65.00 per person');
  await expect(dialog.root).not.toContainText('Vespa Tour of Rome'); // not available
  await dialog.root.getByRole('button', { name: 'One more: Fiumicino Airport Transfer' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.root.getByRole('group', { name: 'Fiumicino Airport Transfer' })).toHaveText('Quantity 1');

  // the quote has the line, and the total grew by it
  await expect(dialog.root.getByTestId('quote-extra')).toHaveText('Fiumicino Airport Transfer × 1€55.00');
  await expect(totalOf()).not.toHaveText(nightsOnly ?? '');
  const quotedTotal = await totalOf().textContent();
  const quotedDeposit = await dialog.root
    .locator('dt', { hasText: 'Deposit, due now' })
    .locator('xpath=following-sibling::dd')
    .textContent();

  const { text } = await dialog.submitToWhatsApp();
  const reference = referenceIn(text);
  expect(text).toContain('Extras: Fiumicino Airport Transfer × 1 (€55.00)');
  expect(text).toContain(`Total: ${quotedTotal}`);

  // stored with the booking: the line, and the totals the guest was quoted
  const [booking] = await sql<{ id: string; total_cents: number; deposit_cents: number; extras_cents: number }>(
    'select id, total_cents, deposit_cents, extras_cents from public.bookings where reference = $1',
    [reference],
  );
  const euros = (cents: number) => `€${(cents / 100).toLocaleString('en-IE', { minimumFractionDigits: 2 })}`;
  expect(euros(booking.total_cents)).toBe(quotedTotal);
  expect(euros(booking.deposit_cents)).toBe(quotedDeposit);
  expect(booking.extras_cents).toBe(5500);
  const extras = await sql(
    'select service_name, quantity, line_total_cents from public.booking_extras where booking_id = $1',
    [booking.id],
  );
  expect(extras).toEqual([{ service_name: 'Fiumicino Airport Transfer', quantity: 1, line_total_cents: 5500 }]);

  // staff see the extra on the booking card
  await signInToAdmin(page, DEMO.staff);
  await page.goto(`/admin/bookings?q=${reference}`);
  const card = page.getByRole('article', { name: stay.name });
  await expect(card.getByRole('region', { name: 'Payments' })).toContainText(
    '1 × Fiumicino Airport Transfer (€55.00 per stay)€55.00',
  );

  await sql('delete from public.bookings where id = $1', [booking.id]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

  test('the #booking form: a per-person extra up to the guest count and the non-refundable rate, stored as quoted', async ({
    page,
  }) => {
    await resetRateLimits();
    const room = ROOMS.deluxeKing;
    const form = new BookingForm(page);
    await form.open();
    await form.fill({
      checkIn: daysFromToday(724),
      checkOut: daysFromToday(726),
      guests: 2,
      roomName: room.name,
      name: 'Katherine Johnson',
      email: uniqueEmail('katherine'),
    });
    await form.root.getByText('Extras (optional)').click();
    const tour = form.root.getByRole('group', { name: 'Colosseum Skip-the-Line Tour' });
    const more = tour.getByRole('button', { name: 'One more: Colosseum Skip-the-Line Tour' });
    await more.click();
    await more.click();
    await expect(more).toHaveAttribute('aria-disabled', 'true'); // one per guest
    await more.click({ force: true });
    await expect(tour).toHaveText('Quantity 2');
    await form.root.getByRole('radio', { name: /Non-refundable rate: 10% off the nights/ }).check();

    await expect(form.root.getByTestId('quote-extra')).toHaveText('Colosseum Skip-the-Line Tour × 2€130.00');
    await expect(form.root).toContainText('Non-refundable rate (-10%)');
    await expect(form.root).toContainText('This rate cannot be refunded.');
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    const box = (await tour.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const quotedTotal = await form.root
      .locator('dt', { hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd')
      .textContent();

    const url = await captureNewTabUrl(page, () => form.submit.click());
    const reference = referenceIn(url.searchParams.get('text') ?? '');
    const [booking] = await sql<{
      id: string;
      rate_plan: string;
      total_cents: number;
      deposit_cents: number;
      balance_cents: number;
    }>('select id, rate_plan, total_cents, deposit_cents, balance_cents from public.bookings where reference = $1', [
      reference,
    ]);
    expect(`€${(booking.total_cents / 100).toLocaleString('en-IE', { minimumFractionDigits: 2 })}`).toBe(quotedTotal);
    expect(booking).toMatchObject({
      rate_plan: 'non_refundable',
      deposit_cents: booking.total_cents,
      balance_cents: 0,
    });
    expect(
      await sql(
        'select pricing_unit::text, quantity, line_total_cents from public.booking_extras where booking_id = $1',
        [booking.id],
      ),
    ).toEqual([{ pricing_unit: 'per_person', quantity: 2, line_total_cents: 13000 }]);
    await sql('delete from public.bookings where id = $1', [booking.id]);
  });
});
