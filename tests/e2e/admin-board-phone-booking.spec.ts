// The desk's day on the board (issue 40, quality bar): a phone booking taken from a free cell of the
// room board at 1366 px, through the New booking dialog the cell opens, shows on the board as a bar.
import { createTestRoom, deleteTestRooms, DEMO, expect, signInToAdmin, sql, test, uniqueTag } from './fixtures';

test('a phone booking from a free cell of the board at 1366 px shows on the board', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { price_per_night: 110 });
  try {
    await signInToAdmin(page, DEMO.staff);
    await page.goto('/admin/board');
    const grid = page.getByRole('grid');
    // the room is free all fortnight: its first bookable cell is today's
    const freeCell = grid.getByRole('button', {
      name: new RegExp(`^Room ${room.room_number}, .*: free, new booking$`),
    });
    await freeCell.first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?new=1&room=${room.id}&from=`));
    const form = page.getByRole('dialog', { name: 'New booking' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Room', { exact: true })).toHaveValue(room.id);
    await expect(form.getByTestId('desk-price')).toContainText('110');

    await form.getByLabel('Guest name').fill(`Board Caller ${tag}`);
    await form.getByLabel('E-mail', { exact: true }).fill(`board-${tag}@example.com`);
    await form.getByLabel('Source').selectOption('phone');
    await form.getByRole('button', { name: 'Save booking' }).click();
    await expect(page.getByText(/Booking CG-[0-9A-Z]{6} saved/).first()).toBeVisible();

    const [stored] = await sql<{ source: string; status: string }>(
      'select source, status::text from public.bookings where room_id = $1',
      [room.id],
    );
    expect(stored).toEqual({ source: 'phone', status: 'confirmed' });
    await page.goto('/admin/board');
    await expect(
      page
        .getByRole('grid')
        .getByRole('button', { name: new RegExp(`^Board Caller ${tag}, room ${room.room_number}`) }),
    ).toBeVisible();
  } finally {
    await sql(
      'delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = $1)',
      [room.id],
    );
    await sql('delete from public.bookings where room_id = $1', [room.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});
