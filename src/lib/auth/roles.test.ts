import { isAdminRole, isStaffRole, needsAuthClient, parseRoles } from './roles';

describe('roles', () => {
  it('staff includes admin', () => {
    expect(isStaffRole(['staff'])).toBe(true);
    expect(isStaffRole(['admin'])).toBe(true);
    expect(isStaffRole(['guest'])).toBe(false);
    expect(isAdminRole(['staff'])).toBe(false);
    expect(isAdminRole(['admin'])).toBe(true);
  });

  it('parses role rows, ignoring unknown values and duplicates', () => {
    expect(parseRoles([{ role: 'staff' }, { role: 'staff' }, { role: 'root' }])).toEqual(['staff']);
    expect(parseRoles(null)).toEqual([]);
  });

  it('loads the auth client on /auth and /admin only', () => {
    expect(needsAuthClient('/auth')).toBe(true);
    expect(needsAuthClient('/admin/rooms')).toBe(true);
    expect(needsAuthClient('/')).toBe(false);
    expect(needsAuthClient('/room/1')).toBe(false);
    expect(needsAuthClient('/administrator')).toBe(false);
  });
});
