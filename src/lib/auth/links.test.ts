import { linkFailure } from './links';

describe('linkFailure', () => {
  it('reads the failure auth puts in the fragment of an expired or used link', () => {
    expect(
      linkFailure('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'),
    ).toEqual({ code: 'otp_expired', description: 'Email link is invalid or has expired' });
  });

  it('reads it from the query too (the PKCE redirect puts it there)', () => {
    expect(linkFailure('', '?error=invalid_request&error_description=bad+code')).toEqual({
      code: 'invalid_request',
      description: 'bad code',
    });
  });

  it('is null for a link that carries a session or nothing', () => {
    expect(linkFailure('#access_token=abc&type=recovery')).toBeNull();
    expect(linkFailure('')).toBeNull();
  });
});
