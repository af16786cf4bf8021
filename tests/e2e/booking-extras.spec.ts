import {
  BookingDialog,
  DEMO,
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
