import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface BucketConfig {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** config.toml's [auth] settings the local auth service honours (the Supabase CLI's names and defaults). */
export interface AuthConfig {
  additionalRedirectUrls: string[];
  refreshTokenReuseInterval: number;
  /** [auth.email] enable_confirmations: sign-up waits for the confirmation link */
  enableConfirmations: boolean;
  /** [auth.email] double_confirm_changes: an e-mail change is confirmed from the current address too (default true) */
  doubleConfirmChanges: boolean;
  /** [auth.email] secure_password_change: a password change needs a reauthentication nonce */
  securePasswordChange: boolean;
  /** [auth.email] otp_expiry, seconds */
  otpExpiry: number;
  /** [auth.email] max_frequency, seconds between two e-mails of one kind to one user */
  maxFrequency: number;
  /** [auth.rate_limit] email_sent, e-mails per hour */
  emailSentPerHour: number;
  /** [auth] enable_anonymous_sign_ins: signInAnonymously makes a user without an e-mail address */
  enableAnonymousSignIns: boolean;
  /** [auth.rate_limit] anonymous_users, anonymous sign-ins per hour per client address */
  anonymousUsersPerHour: number;
}

/** config.toml's [api] settings, handed to PostgREST. */
export interface ApiConfig {
  /** the schemas PostgREST serves; the first is the default profile */
  schemas: string[];
  extraSearchPath: string[];
  /** the most rows one request returns */
  maxRows: number;
}

export interface ProjectConfig {
  siteUrl: string;
  api: ApiConfig;
  jwtExpiry: number;
  auth: AuthConfig;
  signInRateLimit: number;
  minimumPasswordLength: number;
  buckets: BucketConfig[];
  /** function name → whether the gateway must verify the caller's JWT */
  functions: Map<string, boolean>;
}

const UNITS: Record<string, number> = {
  B: 1,
  KB: 1000,
  MB: 1000 ** 2,
  GB: 1000 ** 3,
  KIB: 1024,
  MIB: 1024 ** 2,
  GIB: 1024 ** 3,
};

/** "5MiB" → 5242880, as the Supabase CLI reads sizes in config.toml. */
export function parseSize(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(String(value));
  if (!match) throw new Error(`Unreadable size in config.toml: ${String(value)}`);
  const unit = UNITS[(match[2] || 'B').toUpperCase()];
  if (!unit) throw new Error(`Unknown size unit in config.toml: ${String(value)}`);
  return Math.round(Number(match[1]) * unit);
}

/** "60s", "1m30s", "1h" → seconds, as Go durations are written in config.toml. */
export function parseDuration(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw new Error(`Unreadable duration in config.toml: ${text}`);
  }
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  return parts.reduce((sum, p) => sum + Number(p[1]) * (units[p[2] as string] ?? 0), 0);
}

type Table = Record<string, unknown>;

export function readProjectConfig(supabaseDir: string): ProjectConfig {
  const toml = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Table;
  const api = (toml.api ?? {}) as Table;
  const auth = (toml.auth ?? {}) as Table;
  const authEmail = (auth.email ?? {}) as Table;
  const authRateLimit = (auth.rate_limit ?? {}) as Table;
  const storage = (toml.storage ?? {}) as Table;
  const buckets = Object.entries((storage.buckets ?? {}) as Record<string, Table>).map(([id, bucket]) => ({
    id,
    public: Boolean(bucket.public),
    fileSizeLimit: parseSize(bucket.file_size_limit),
    allowedMimeTypes: (bucket.allowed_mime_types as string[] | undefined) ?? null,
  }));
  const functions = new Map(
    Object.entries((toml.functions ?? {}) as Record<string, Table>).map(([name, fn]) => [
      name,
      fn.verify_jwt !== false,
    ]),
  );
  return {
    siteUrl: String(auth.site_url ?? 'http://127.0.0.1:8080'),
    api: {
      schemas: stringList(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: stringList(api.extra_search_path, ['public', 'extensions']),
      maxRows: Number(api.max_rows ?? 1000),
    },
    jwtExpiry: Number(auth.jwt_expiry ?? 3600),
    auth: {
      additionalRedirectUrls: ((auth.additional_redirect_urls as string[] | undefined) ?? []).map(String),
      refreshTokenReuseInterval: Number(auth.refresh_token_reuse_interval ?? 10),
      enableConfirmations: authEmail.enable_confirmations === true,
      doubleConfirmChanges: authEmail.double_confirm_changes !== false,
      securePasswordChange: authEmail.secure_password_change === true,
      otpExpiry: Number(authEmail.otp_expiry ?? 3600),
      maxFrequency: parseDuration(authEmail.max_frequency, 60),
      emailSentPerHour: Number(authRateLimit.email_sent ?? 30),
      enableAnonymousSignIns: auth.enable_anonymous_sign_ins === true,
      anonymousUsersPerHour: Number(authRateLimit.anonymous_users ?? 30),
    },
    signInRateLimit: Number(authRateLimit.sign_in_sign_ups ?? 30),
    minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
    buckets,
    functions,
  };
}

function stringList(value: unknown, fallback: string[]): string[] {
  return Array.isArray(value) ? value.map(String) : fallback;
}
