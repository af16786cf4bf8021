import { describe, expect, it } from 'vitest';
import { visibleNavItems } from './nav-items';

describe('sidebar entries', () => {
  it('lists the spec entries for admins, in order', () => {
    expect(visibleNavItems(true).map((item) => `${item.title} ${item.to}`)).toEqual([
      'Dashboard /admin',
      'Visual Design /admin/visual-design',
      'Rooms /admin/rooms',
      'Amenities & Services /admin/services',
      'Bookings /admin/bookings',
      'Calendar /admin/calendar',
      'Rates /admin/rates',
      'Content /admin/content',
      'Users /admin/users',
      'Integrations /admin/integrations',
      'Security /admin/security',
    ]);
  });
  it('hides the admin-only screens from staff', () => {
    const titles = visibleNavItems(false).map((item) => item.title);
    expect(titles).not.toContain('Users');
    expect(titles).not.toContain('Integrations');
    expect(titles).not.toContain('Security');
    expect(titles).toContain('Calendar');
    expect(titles).toContain('Rates');
    expect(titles).toHaveLength(8);
  });
});
