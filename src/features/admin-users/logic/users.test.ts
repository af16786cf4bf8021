import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../types';
import { filterUsers, initialRole, mergeUsers, ROLE_BADGE_VARIANT, userInitials } from './users';

const users: AdminUser[] = [
  {
    user_id: '1',
    email: 'anna.rossi@example.com',
    name: 'Anna Rossi',
    created_at: '2026-01-01',
    roles: ['admin'],
    two_factor: true,
  },
  { user_id: '2', email: 'marco@example.com', name: null, created_at: '2026-01-02', roles: [], two_factor: false },
  { user_id: '3', email: null, name: 'Giulia', created_at: '2026-01-03', roles: ['staff'], two_factor: false },
];

describe('filterUsers', () => {
  it('matches e-mail or name, case-insensitively', () => {
    expect(filterUsers(users, 'ROSSI').map((user) => user.user_id)).toEqual(['1']);
    expect(filterUsers(users, 'marco@').map((user) => user.user_id)).toEqual(['2']);
    expect(filterUsers(users, 'giu').map((user) => user.user_id)).toEqual(['3']);
    expect(filterUsers(users, 'example').map((user) => user.user_id)).toEqual(['1', '2']);
  });
  it('returns everybody for a blank search and nobody for no match', () => {
    expect(filterUsers(users, '  ')).toHaveLength(3);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });
});

describe('mergeUsers', () => {
  it('attaches roles to profiles, admin first', () => {
    const merged = mergeUsers(
      users.map(({ roles: _roles, two_factor: _factor, ...profile }) => profile),
      [
        { user_id: '1', role: 'staff' },
        { user_id: '1', role: 'admin' },
        { user_id: '3', role: 'guest' },
      ],
      new Set(['3']),
    );
    expect(merged.map((user) => user.roles)).toEqual([['admin', 'staff'], [], ['guest']]);
    // the second factor comes from staff_mfa_status
    expect(merged.map((user) => user.two_factor)).toEqual([false, false, true]);
  });
});

describe('roles', () => {
  it('starts the dialog at the first role or guest', () => {
    expect(initialRole(users[0])).toBe('admin');
    expect(initialRole(users[1])).toBe('guest');
  });
  it('uses the spec badge variants', () => {
    expect(ROLE_BADGE_VARIANT).toEqual({
      housekeeping: 'secondary',
      admin: 'destructive',
      staff: 'default',
      guest: 'secondary',
    });
  });
  it('makes initials', () => {
    expect(userInitials(users[0])).toBe('AR');
    expect(userInitials(users[1])).toBe('ME');
    expect(userInitials({ name: null, email: null })).toBe('?');
  });
});
