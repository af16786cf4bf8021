import { AUTH_MESSAGES, signInSchema, signUpName, signUpSchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('sign in rules', () => {
  it('email and password required', () => {
    expect(firstMessage(signInSchema.safeParse({ email: '', password: 'secret1' }))).toBe(
      'Email and password are required',
    );
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(AUTH_MESSAGES.required);
  });

  it('password at least 6 characters', () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '123456' }))).toBeNull();
  });
});

describe('sign up rules', () => {
  it('both required, simple e-mail pattern, password at least 8', () => {
    expect(firstMessage(signUpSchema.safeParse({ name: '', email: '', password: '' }))).toBe(
      'Email and password are required',
    );
    expect(firstMessage(signUpSchema.safeParse({ name: '', email: 'nope', password: '12345678' }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(signUpSchema.safeParse({ name: '', email: 'a@b.co', password: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(signUpSchema.safeParse({ name: '', email: 'a@b.co', password: '12345678' }))).toBeNull();
  });

  it('an empty name defaults to the part before the @', () => {
    expect(signUpName('', 'maria.rossi@example.com')).toBe('maria.rossi');
    expect(signUpName('  ', ' maria@example.com')).toBe('maria');
    expect(signUpName(' Maria ', 'maria@example.com')).toBe('Maria');
  });
});
