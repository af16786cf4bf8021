// Input checks with GoTrue's messages and codes.
import { errors as joseErrors } from 'jose';
import type { Json } from '../shared/http';
import { authError } from './errors';

/** bcrypt reads 72 bytes at most; GoTrue refuses longer passwords rather than ignore the rest. */
export const MAX_PASSWORD_BYTES = 72;
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;
export const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The format check of github.com/badoux/checkmail, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string): string {
  if (email.length > 255) throw authError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

export function weakPasswordReasons(
  password: string,
  minLength: number,
): { message: string; reasons: string[] } | undefined {
  if ([...password].length >= minLength) return undefined;
  return { message: `Password should be at least ${minLength} characters.`, reasons: ['length'] };
}

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

export function checkPasswordLength(password: string): void {
  if (passwordTooLong(password)) {
    throw authError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
}

export function checkPasswordStrength(password: string, minLength: number): void {
  checkPasswordLength(password);
  const weak = weakPasswordReasons(password, minLength);
  if (weak) throw authError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
}

/** GoTrue's ban_duration: "none" lifts a ban, otherwise a Go duration such as "24h" or "1h30m". */
export function parseBanDuration(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'none') return 0;
  const text = String(value);
  const units: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw authError(
      400,
      'validation_failed',
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`,
    );
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * (units[p[2] as string] ?? 0), 0);
}

export function positiveInt(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw authError(400, 'validation_failed', `Bad Pagination Parameters: invalid value ${JSON.stringify(value)}`);
  }
  return Number(value);
}

export function paginationLink(url: URL, page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const pageUrl = (n: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(n));
    return `<${url.pathname}?${query.toString()}>`;
  };
  const links = lastPage > page ? [`${pageUrl(page + 1)}; rel="next"`] : [];
  links.push(`${pageUrl(lastPage)}; rel="last"`);
  return links.join(', ');
}

export function optionalString(body: Json, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${key} must be a string`);
  // Postgres text cannot hold NUL; refused here rather than failing in SQL.
  if (value.includes('\u0000')) throw authError(400, 'validation_failed', `${key} must not contain NUL characters`);
  return value;
}

export function optionalObject(body: Json, key: string): Json | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${key} must be an object`);
  }
  return value as Json;
}

export function jwtFailure(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'token has invalid claims: token is expired';
  if (err instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'token signature is invalid: signature is invalid';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'token is unverifiable: signing method is invalid';
  return `token is malformed: ${(err as Error)?.message ?? String(err)}`;
}
