import { describe, expect, it } from 'vitest';
import { errorMessage, failureText, isUniqueViolation } from './postgrest-error';

describe('postgrest errors', () => {
  it('adds the reason of a deliberate refusal', () => {
    expect(
      failureText('Failed to update user role', {
        code: 'P0001',
        message: 'The last administrator cannot be demoted.',
      }),
    ).toBe('Failed to update user role. The last administrator cannot be demoted.');
    expect(
      failureText('Failed to delete user', { code: '42501', message: 'Only administrators can delete users.' }),
    ).toBe('Failed to delete user. Only administrators can delete users.');
  });
  it('keeps the plain text for other failures', () => {
    expect(failureText('Failed to delete user', { code: '08006', message: 'connection failure' })).toBe(
      'Failed to delete user',
    );
    expect(failureText('Failed to delete user', new TypeError('Failed to fetch'))).toBe('Failed to delete user');
  });
  it('reads messages and unique violations', () => {
    expect(errorMessage({ message: 'x' })).toBe('x');
    expect(errorMessage('x')).toBeUndefined();
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
  });
});
