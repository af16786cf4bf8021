import { matchRoutes, type RouteObject } from 'react-router-dom';
import { routeTableOf, routeTables } from './router';

/** The one table every path was matched against before the tables were split by language. */
const wholeTable: RouteObject[] = [
  {
    children: [
      ...['en', 'it', 'fr'].flatMap((locale) => routeTables[locale as 'en'][0].children!),
      ...routeTables.admin[0].children!,
    ],
  },
];

const leafOf = (table: RouteObject[], path: string) => {
  const matches = matchRoutes(table, path) ?? [];
  return matches.at(-1)?.route;
};

describe('the route tables', () => {
  it.each([
    '/',
    '/room/3',
    '/auth',
    '/auth/reset-password',
    '/booking-success',
    '/booking/ABC123',
    '/review/token',
    '/privacy',
    '/no-such-page',
    '/it',
    '/it/',
    '/it/room/3',
    '/it/privacy',
    '/it/nothing/here',
    '/fr/',
    '/fr/booking-cancelled',
    '/fr/room/3',
    '/italy',
    '/frx/room/3',
    '/admin',
    '/admin/',
    '/admin/reports',
    '/admin/bookings/1',
    '/administrator',
  ])('%s reaches the route the whole table gives it', (path) => {
    const expected = leafOf(wholeTable, path);
    expect(expected).toBeDefined();
    expect(leafOf(routeTableOf(path), path)).toBe(expected);
  });

  it('matches the root against one language (or the portal) only', () => {
    const count = (routes: RouteObject[]): number =>
      routes.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0);
    expect(count(routeTableOf('/fr/room/3'))).toBeLessThanOrEqual(12);
    expect(routeTableOf('/admin/reports')).toBe(routeTables.admin);
  });
});
