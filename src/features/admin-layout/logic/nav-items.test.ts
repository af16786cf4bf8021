import { describe, expect, it } from 'vitest';
import { housekeepingMayOpen, navItemFor, visibleNavItems } from './nav-items';

describe('sidebar entries', () => {
  it('lists the spec entries for admins, in order', () => {
    expect(visibleNavItems(true).map((item) => `${item.title.message} ${item.to}`)).toEqual([
      'Dashboard /admin',
      'Visual Design /admin/visual-design',
      'Rooms /admin/rooms',
      'Amenities & Services /admin/services',
      'Bookings /admin/bookings',
      'Arrivals /admin/arrivals',
      'Calendar /admin/calendar',
      'Board /admin/board',
      'Housekeeping /admin/housekeeping',
      'Rates /admin/rates',
      'City tax & ISTAT /admin/city-tax',
      'Content /admin/content',
      'Reviews /admin/reviews',
      'Reports /admin/reports',
      'Users /admin/users',
      'Integrations /admin/integrations',
      'Privacy /admin/privacy',
      'Security /admin/security',
    ]);
  });
  it('hides the admin-only screens from staff', () => {
    const titles = visibleNavItems(false).map((item) => item.title.message);
    expect(titles).not.toContain('Users');
    expect(titles).not.toContain('Integrations');
    expect(titles).not.toContain('Security');
    expect(titles).toContain('Calendar');
    expect(titles).toContain('Reviews');
    expect(titles).toContain('Rates');
    expect(titles).toContain('Reports');
    expect(titles).toContain('Arrivals');
    expect(titles).not.toContain('Privacy');
    expect(titles).toContain('City tax & ISTAT');
    expect(titles).toHaveLength(14);
  });
});

describe('the current screen', () => {
  it('is the entry with the longest matching path', () => {
    expect(navItemFor('/admin')?.title.message).toBe('Dashboard');
    expect(navItemFor('/admin/')?.title.message).toBe('Dashboard');
    expect(navItemFor('/admin/rooms')?.title.message).toBe('Rooms');
    expect(navItemFor('/admin/services/')?.title.message).toBe('Amenities & Services');
    expect(navItemFor('/admin/security')?.title.message).toBe('Security');
  });
  it('does not take a path that only starts with the same letters', () => {
    expect(navItemFor('/admin/roomsx')?.title.message).toBe('Dashboard');
    expect(navItemFor('/elsewhere')).toBeUndefined();
  });
});

describe('the housekeeping role', () => {
  it('sees Housekeeping only; staff see the Board and Housekeeping too', () => {
    expect(visibleNavItems(false, false).map((item) => item.to)).toEqual(['/admin/housekeeping']);
    expect(visibleNavItems(false).map((item) => item.to)).toEqual(
      expect.arrayContaining(['/admin/board', '/admin/housekeeping', '/admin/bookings']),
    );
  });
  it('may open its list and nothing else', () => {
    expect(housekeepingMayOpen('/admin/housekeeping')).toBe(true);
    expect(housekeepingMayOpen('/admin/housekeeping/')).toBe(true);
    expect(housekeepingMayOpen('/admin')).toBe(false);
    expect(housekeepingMayOpen('/admin/bookings')).toBe(false);
    expect(housekeepingMayOpen('/admin/housekeepingx')).toBe(false);
  });
});
