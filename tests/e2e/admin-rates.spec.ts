// The Rates screen (staff): a room's seasons in a list, a new season with its validation messages
// and the database's overlap refusal, the 12-month price calendar, and the way to the city tax's dated rates.
import { createTestRoom, DEMO, deleteTestRooms, expect, signInToAdmin, sql, test, uniqueTag } from './fixtures';

test('staff add a season (refused while it overlaps another), see it on the price calendar, and find the city tax', async ({
  page,
}) => {
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { price_per_night: 100 });
  try {
    await signInToAdmin(page, DEMO.staff);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Rates' }).click();
    await expect(page.getByRole('heading', { name: 'Rates', level: 1 })).toBeVisible();
    await page.getByLabel('Room', { exact: true }).selectOption(room.id);
    await expect(page.getByText('No seasons for this room: every night costs €100.00.')).toBeVisible();

    const [{ from, to, clashFrom }] = await sql<{ from: string; to: string; clashFrom: string }>(
      `select (date_trunc('month', current_date) + interval '1 month')::date::text as from,
              (date_trunc('month', current_date) + interval '1 month' + interval '9 days')::date::text as to,
              (date_trunc('month', current_date) + interval '1 month' + interval '5 days')::date::text as "clashFrom"`,
    );
    // the form's own messages
    await page.getByRole('button', { name: 'Add season' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add season' });
    await dialog.getByRole('button', { name: 'Add season' }).click();
    await expect(dialog.getByText('Please name the season.')).toBeVisible();
    await expect(dialog.getByText('The nightly price must be a positive amount in euro.')).toBeVisible();

    await dialog.getByLabel('Season name').fill('Spring fair');
    await dialog.getByLabel('First night').fill(from);
    await dialog.getByLabel('Last night').fill(to);
    await dialog.getByLabel('Price per night (€)').fill('150');
    await dialog.getByLabel('Minimum nights', { exact: true }).fill('2');
    await dialog.getByLabel('Closed to arrival: Sunday').check();
    await dialog.getByRole('button', { name: 'Add season' }).click();
    await expect(page.getByText('Season added')).toBeVisible();
    const row = page.getByRole('row', { name: /Spring fair/ });
    await expect(row).toContainText('€150.00');
    await expect(row).toContainText('Sun');

    // an overlapping season is refused by the database, with a message staff can act on
    await page.getByRole('button', { name: 'Add season' }).click();
    await dialog.getByLabel('Season name').fill('Clash');
    await dialog.getByLabel('First night').fill(clashFrom);
    await dialog.getByLabel('Last night').fill(clashFrom);
    await dialog.getByLabel('Price per night (€)').fill('90');
    await dialog.getByRole('button', { name: 'Add season' }).click();
    await expect(
      page.getByText('This season overlaps another season of the same room. Change its dates.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the price calendar shows the season's nights at the season's price (as room_calendar quotes them)
    const firstNight = new Date(`${from}T00:00:00Z`);
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][firstNight.getUTCDay()];
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
      firstNight.getUTCMonth()
    ];
    const label = `${weekday} ${firstNight.getUTCDate()} ${month}: €150`;
    await expect(page.getByLabel(new RegExp(`^${label}, minimum 2 nights`))).toBeVisible();

    // the city tax quoted to guests is kept with the register's dated rates, one click away
    await page.getByRole('main').getByRole('link', { name: 'City tax & ISTAT' }).click();
    await expect(page.getByRole('heading', { name: 'City tax & ISTAT' })).toBeVisible();
  } finally {
    await deleteTestRooms({ ids: [room.id] });
  }
});
