import { authMessages, newPasswordSchema, resetRequestSchema, signInSchema, signUpName, signUpSchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('sign in rules', () => {
  it('email and password required', () => {
    expect(firstMessage(signInSchema().safeParse({ email: '', password: 'secret1' }))).toBe(
      'Email and password are required',
    );
    expect(firstMessage(signInSchema().safeParse({ email: 'a@b.co', password: '' }))).toBe(authMessages().required);
  });

  it('password at least 6 characters', () => {
    expect(firstMessage(signInSchema().safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(signInSchema().safeParse({ email: 'a@b.co', password: '123456' }))).toBeNull();
  });
});

describe('sign up rules', () => {
  it('both required, simple e-mail pattern, password at least 8', () => {
    expect(firstMessage(signUpSchema().safeParse({ name: '', email: '', password: '' }))).toBe(
      'Email and password are required',
    );
    expect(firstMessage(signUpSchema().safeParse({ name: '', email: 'nope', password: '12345678' }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(signUpSchema().safeParse({ name: '', email: 'a@b.co', password: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(signUpSchema().safeParse({ name: '', email: 'a@b.co', password: '12345678' }))).toBeNull();
  });

  it('an empty name defaults to the part before the @', () => {
    expect(signUpName('', 'maria.rossi@example.com')).toBe('maria.rossi');
    expect(signUpName('  ', ' maria@example.com')).toBe('maria');
    expect(signUpName(' Maria ', 'maria@example.com')).toBe('Maria');
  });
});

describe('forgot password rules', () => {
  it('an address is required and must look like one', () => {
    expect(firstMessage(resetRequestSchema().safeParse({ email: '  ' }))).toBe('Please enter your email address');
    expect(firstMessage(resetRequestSchema().safeParse({ email: 'nope' }))).toBe(authMessages().email);
    expect(firstMessage(resetRequestSchema().safeParse({ email: ' a@b.co ' }))).toBeNull();
  });
});

describe('new password rules', () => {
  it('at least 8 characters, typed twice the same', () => {
    expect(firstMessage(newPasswordSchema().safeParse({ password: '1234567', confirm: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(newPasswordSchema().safeParse({ password: '12345678', confirm: '12345679' }))).toBe(
      'The two passwords do not match',
    );
    expect(firstMessage(newPasswordSchema().safeParse({ password: '12345678', confirm: '12345678' }))).toBeNull();
  });
});
