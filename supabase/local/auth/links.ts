// E-mail OTPs and link tokens, PKCE challenges and redirect targets, as GoTrue makes and checks them.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { authError } from './errors';

export const PKCE_PREFIX = 'pkce_';

/** A six-digit code; the link token is its hash with the address (GoTrue's token_hash). */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** GoTrue's token hash: hex SHA-224 of the address followed by the code. */
export function tokenHash(address: string, otp: string): string {
  return createHash('sha224')
    .update(address + otp)
    .digest('hex');
}

/** The PKCE challenge pair of a request; both or neither, 43–128 URL-safe characters. */
export function pkceParams(challenge: string | undefined, method: string | undefined) {
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw authError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw authError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw authError(
      400,
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw authError(400, 'validation_failed', `unsupported code challenge method ${JSON.stringify(method)}`);
  }
  return { challenge, method: normalized as 's256' | 'plain' };
}

export function pkceVerifierMatches(challenge: string, method: string, verifier: string): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A glob of additional_redirect_urls: `**` anything, `*` anything but '.' and '/', `?` one character. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^./]*';
    else if (c === '?') source += '.';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** GoTrue's redirect check: the site's own origin, a loopback address, or an allow-list match. */
export function isRedirectAllowed(siteUrl: string, allowList: string[], candidate: string | undefined): boolean {
  if (!candidate) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || loopback)
  ) {
    return true;
  }
  if (/^\d+$/.test(host)) return false;
  if (/^[\d.]+$/.test(host) || host.includes(':')) return loopback;
  const withoutFragment = candidate.split('#')[0] as string;
  return allowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}
