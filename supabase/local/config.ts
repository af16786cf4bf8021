import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface BucketConfig {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export interface ProjectConfig {
  siteUrl: string;
  jwtExpiry: number;
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

type Table = Record<string, unknown>;

export function readProjectConfig(supabaseDir: string): ProjectConfig {
  const toml = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Table;
  const auth = (toml.auth ?? {}) as Table;
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
    jwtExpiry: Number(auth.jwt_expiry ?? 3600),
    signInRateLimit: Number(((auth.rate_limit ?? {}) as Table).sign_in_sign_ups ?? 30),
    minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
    buckets,
    functions,
  };
}
