/** Where e-mailed auth links land. Auth only redirects to addresses config.toml allows. */
export const SET_PASSWORD_PATH = '/auth/reset-password';

/** An absolute address on this site, for an e-mailed link to come back to. */
export function linkBackTo(path: string): string {
  return `${window.location.origin}${path}`;
}

export interface LinkFailure {
  code: string;
  description: string;
}

/**
 * The failure auth reports in the address when an e-mailed link is used, expired or wrong
 * (`#error=access_denied&error_code=otp_expired&error_description=…`), or null.
 */
export function linkFailure(hash: string, search = ''): LinkFailure | null {
  for (const part of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const params = new URLSearchParams(part);
    const description = params.get('error_description');
    const code = params.get('error_code') ?? params.get('error');
    if (description || code) return { code: code ?? 'unknown', description: description ?? 'The link is not valid.' };
  }
  return null;
}
