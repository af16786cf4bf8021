import { inviteSchema, profileSchema } from './schemas';

describe('user form schemas', () => {
  it('stores a blank name as none and trims the e-mail', () => {
    expect(profileSchema.parse({ name: '  ', email: ' ana@example.com ' })).toEqual({
      name: null,
      email: 'ana@example.com',
    });
  });

  it('says what is wrong with the e-mail and the name', () => {
    const result = inviteSchema.safeParse({ email: 'not-an-address', name: 'x'.repeat(101), role: 'staff' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Please enter a valid email address', 'Name must be at most 100 characters']),
    );
    expect(inviteSchema.safeParse({ email: '', name: '', role: 'staff' }).error?.issues[0]?.message).toBe(
      'Email is required',
    );
  });

  it('invites only with a role the portal offers', () => {
    expect(inviteSchema.safeParse({ email: 'a@b.it', name: '', role: 'superuser' }).success).toBe(false);
  });
});
