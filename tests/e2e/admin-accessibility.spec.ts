import AxeBuilder from '@axe-core/playwright';
import { daysFromToday, DEMO, expect, holdRoom, ROOMS, seriousAxeViolations, signInToAdmin, test } from './fixtures';
import { ADMIN_ROUTES } from '../../scripts/site/routes';

// axe-core (colour contrast included) on every admin screen, the Calendar's bars and legend among them.
test('axe-core finds no serious or critical violation on the admin screens', async ({ page }) => {
  test.setTimeout(300_000);
  await signInToAdmin(page, DEMO.admin);
  for (const route of ADMIN_ROUTES) {
    await page.goto(route.path);
    await route.ready(page);
    // "rule: first targets" — the full target lists of a long page drown the report
    const violations = (await seriousAxeViolations(page)).map((text) => text.split(', ').slice(0, 3).join(', '));
    console.log(`axe ${route.path}: ${violations.length === 0 ? 'none' : violations.join('; ')}`);
    expect.soft(violations, `axe on ${route.path}`).toEqual([]);
  }
});

test('the Calendar: a legend of swatches, bars and legend at AA contrast, a bar shows its source on tap', async ({
  page,
}) => {
  const room = ROOMS.romanticSuite;
  const [checkIn, checkOut] = [daysFromToday(1), daysFromToday(3)];
  const release = await holdRoom(room.id, checkIn, checkOut);
  try {
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/calendar');
    await expect(page.getByRole('heading', { name: 'Legend' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Direct bookings' }).getByRole('listitem')).toHaveText([
      'Pending',
      'Confirmed',
      'Checked in',
      'Checked out',
      'Cancelled',
    ]);
    const bar = page
      .getByTestId(`calendar-room-${room.id}`)
      .getByRole('button', { name: new RegExp(`^Direct booking · E2E room hold .*${checkIn} → ${checkOut}$`) });
    await bar.click();
    await expect(page.getByRole('status').filter({ hasText: 'Direct booking · E2E room hold' })).toBeVisible();

    const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    expect(contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual(
      [],
    );
  } finally {
    await release();
  }
});
