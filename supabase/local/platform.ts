import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readProjectConfig, type AuthConfig } from './config';
import { DEFAULT_CACHE_DIR, openDatabase, seededSnapshotSettings } from './db-cache';
import { freePort, reservePort } from './database-server';
import { startFunctions } from './functions';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from './keys';
import { reloadPostgrestSchema, startPostgrest } from './postgrest';
import type { ManagedProcess } from './process';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.local', 'platform');

export interface PlatformOptions {
  /** gateway port; 0 picks a free one (tests). Default 54321. */
  apiPort?: number;
  /** PGlite's wire-protocol port; 0 picks a free one. Default: the API port + 1 (54322). */
  dbPort?: number;
  /** where PGlite and stored files live; null = throw-away (in-memory database, temp files) */
  dataDir?: string | null;
  /** a real PostgreSQL server instead of PGlite (SUPABASE_DB_URL) */
  databaseUrl?: string;
  /**
   * where the migrated database is cached (db-cache.ts): default SUPABASE_DB_CACHE_DIR or
   * node_modules/.cache/platform-db; null: no cache, every migration replayed
   */
  cacheDir?: string | null;
  /** throw the data away first (db:reset) */
  reset?: boolean;
  /** seed after migrating: always, never, or only when the database was empty ('auto') */
  seed?: boolean | 'auto';
  /** what to do when a part dies after start: stop everything (default) or keep serving 502s */
  onPartExit?: 'stop' | 'keep-running';
  /** serve edge functions from another folder (tests), with name → verify_jwt */
  functions?: { dir: string; verifyJwt: Map<string, boolean> };
  supabaseDir?: string;
  /** password sign-ins, and separately sign-ups, allowed per client address per 5 minutes (config.toml's sign_in_sign_ups by default) */
  signInRateLimit?: number;
  /** MFA challenges, and separately verifies, allowed per client address per minute (15 by default, as hosted) */
  mfaRateLimit?: number;
  /** config.toml's [auth] settings overridden for this platform (tests) */
  auth?: Partial<AuthConfig>;
  /** run the scheduled calls of supabase/local/scheduler.ts (default true; the test suites call them themselves) */
  schedule?: boolean;
  /** every line the parts print, prefixed with the part */
  echo?: (line: string) => void;
  /** the Stripe stand-in's port (default: the API port + 9, 54330; 0 = a free one); its webhook retry delays (tests) */
  stripePort?: number;
  /**
   * the site's address, for the links of e-mails (booking and auth) and where Checkout and sign-in
   * lead back; default config.toml's auth.site_url. `npm start` passes its dev server's (`PORT`).
   */
  siteUrl?: string;
  stripeRetryDelaysMs?: number[];
  /** the Alloggiati Web stand-in's port (default PAPERWORK_STANDIN_PORT or the API port + 12; 0 = a free one) */
  paperworkPort?: number;
  /** the Ross1000 stand-in's port (default ROSS1000_STANDIN_PORT or the API port + 13; 0 = a free one) */
  ross1000Port?: number;
}

export interface Platform {
  apiUrl: string;
  /** the local inbox page; its JSON is at `${inboxUrl}/api/messages` */
  inboxUrl: string;
  /** the Stripe stand-in (API at /v1, checkout pages, /_local/events) */
  stripeUrl: string;
  /** the Alloggiati Web stand-in (/service/Service.asmx, /_local/switches) */
  paperworkUrl: string;
  /** the Ross1000 stand-in (/ws/checkinV2, /_local/switches) */
  ross1000Url: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  parts: { database?: ManagedProcess; rest: ManagedProcess; functions: ManagedProcess };
  /** fromCache: the database started as a copy of the cached migrated one (db-cache.ts) */
  migrations: { applied: string[]; seeded: boolean; fromCache: boolean };
  /** resolves with the crash report when a part dies and onPartExit is 'stop' */
  crashed: Promise<string>;
  /** tell PostgREST to re-read the schema (after DDL outside the migrations) */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

const DENO_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'deno');
/** The Stripe stand-in's keys: local values in Stripe's test-mode shapes, for this machine only. */
export const STRIPE_SECRET_KEY = 'sk_test_local_stand_in';
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_stand_in_signing_secret';

/**
 * The ports of the parts that listen beside a gateway on `apiPort`, unless their variable is set:
 * the database (SUPABASE_DB_PORT) on the next one, the Stripe stand-in (SUPABASE_STRIPE_PORT) 9 up
 * (54321 → 54322 and 54330), so a second platform on another API port collides with nothing.
 */
export function partPorts(apiPort: number): { db: number; stripe: number } {
  return { db: apiPort + 1, stripe: apiPort + 9 };
}

/**
 * The in-process services and stand-ins: their modules take a few hundred ms to load (twice that
 * on a busy machine), so they load while the database starts in its own process.
 */
async function importServices() {
  const [
    { createAuthService },
    { createGateway },
    { createInbox },
    { startPaperworkStandIn },
    { startRoss1000StandIn },
    { startStripeStandIn },
    { SCHEDULE, startScheduler },
    { createStorageService },
  ] = await Promise.all([
    import('./auth'),
    import('./gateway'),
    import('./inbox'),
    import('./alloggiati'),
    import('./ross1000'),
    import('./stripe'),
    import('./scheduler'),
    import('./storage'),
  ]);
  return {
    createAuthService,
    createGateway,
    createInbox,
    startPaperworkStandIn,
    startRoss1000StandIn,
    startStripeStandIn,
    SCHEDULE,
    startScheduler,
    createStorageService,
  };
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const supabaseDir = options.supabaseDir ?? join(REPO_ROOT, 'supabase');
  const projectConfig = readProjectConfig(supabaseDir);
  const config = { ...projectConfig, siteUrl: options.siteUrl ?? projectConfig.siteUrl };
  const authConfig = { ...config.auth, ...options.auth };
  const echo = options.echo ?? (() => {});
  const prefixed = (part: string) => (line: string) => echo(`[${part}] ${line}`);
  const throwaway = options.dataDir === null;
  const dataDir = throwaway
    ? join(REPO_ROOT, '.local', 'tmp', `platform-${process.pid}-${Date.now()}`)
    : (options.dataDir ?? DEFAULT_DATA_DIR);
  const dbDir = join(dataDir, 'db');
  const storageDir = join(dataDir, 'storage');

  if (options.reset && !throwaway) {
    rmSync(dbDir, { recursive: true, force: true });
    rmSync(storageDir, { recursive: true, force: true });
  }
  mkdirSync(storageDir, { recursive: true });
  const lock = claimDataDir(dataDir);

  const cleanups: Array<() => Promise<void>> = [async () => lock.release()];
  if (throwaway) cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };

  try {
    const cacheDir =
      options.cacheDir === undefined ? process.env.SUPABASE_DB_CACHE_DIR || DEFAULT_CACHE_DIR : options.cacheDir;
    // A platform free to choose its port takes the one today's seeded copy was made for (its seed's
    // links name it), held until the gateway listens, so the copy can stand in for the seed.
    const preferred =
      options.apiPort === 0 && options.seed !== false && !options.databaseUrl
        ? await reservePort(
            Number(
              new URL(
                seededSnapshotSettings({ supabaseDir, buckets: config.buckets, cacheDir })?.['app.api_url'] ??
                  'http://x:0',
              ).port,
            ),
          )
        : null;
    const apiPort = preferred?.port ?? (options.apiPort === 0 ? await freePort() : (options.apiPort ?? 54321));
    if (preferred) cleanups.push(() => preferred.release());
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const opening = openDatabase({
      supabaseDir,
      // the seed's own links (the demo channel feed) point at this instance
      seedSettings: { 'app.api_url': apiUrl },
      buckets: config.buckets,
      seed: options.seed ?? 'auto',
      cacheDir,
      databaseUrl: options.databaseUrl,
      pglitePort:
        options.dbPort === 0 || (options.dbPort === undefined && throwaway)
          ? await freePort()
          : (options.dbPort ?? partPorts(apiPort).db),
      dataDir: throwaway ? undefined : dbDir,
      throwaway,
      reset: options.reset,
      log: prefixed('db'),
    });
    const services = importServices();
    // awaited once the database is open; a failure to open is the one reported
    services.catch(() => {});
    const { database, migrations } = await opening;
    cleanups.push(() => database.stop());
    const {
      createAuthService,
      createGateway,
      createInbox,
      startPaperworkStandIn,
      startRoss1000StandIn,
      startStripeStandIn,
      SCHEDULE,
      startScheduler,
      createStorageService,
    } = await services;

    const restPort = await freePort();
    const restAdminPort = await freePort();
    const functionsPort = await freePort();
    // Stripe's test-mode stand-in; the keys are local values, never real Stripe keys
    const stripePort = options.stripePort ?? (throwaway ? 0 : partPorts(apiPort).stripe);
    const stripe = await startStripeStandIn({
      port: stripePort,
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      webhookUrl: () => `${apiUrl}/functions/v1/stripe-webhook`,
      retryDelaysMs: options.stripeRetryDelaysMs,
      log: prefixed('stripe'),
    }).catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'EADDRINUSE'
          ? `stripe stand-in: port ${stripePort} is already in use (is another platform running? set SUPABASE_STRIPE_PORT, ` +
              `or SUPABASE_API_PORT: the stand-in listens 9 ports above the API)`
          : error.message,
      );
    });
    cleanups.push(() => stripe.close());
    echo(`[platform] Stripe stand-in listens on ${stripe.url}`);
    const paperwork = await startPaperworkStandIn({
      port: options.paperworkPort ?? (throwaway ? 0 : Number(process.env.PAPERWORK_STANDIN_PORT) || apiPort + 12),
      log: prefixed('alloggiati'),
    });
    cleanups.push(() => paperwork.close());
    echo(`[platform] Alloggiati Web stand-in listens on ${paperwork.url}`);
    const ross1000 = await startRoss1000StandIn({
      port: options.ross1000Port ?? (throwaway ? 0 : Number(process.env.ROSS1000_STANDIN_PORT) || apiPort + 13),
      log: prefixed('ross1000'),
    });
    cleanups.push(() => ross1000.close());
    echo(`[platform] Ross1000 stand-in listens on ${ross1000.url}`);

    const functionNames = options.functions?.verifyJwt ?? config.functions;
    // PostgREST loads its schema cache while Deno boots: the two start side by side.
    const [restStarted, functionsStarted] = await Promise.allSettled([
      startPostgrest({
        dbUri: database.authenticatorUrl,
        port: restPort,
        adminPort: restAdminPort,
        jwtSecret: JWT_SECRET,
        api: config.api,
        pglite: database.kind === 'pglite',
        echo: prefixed('rest'),
      }),
      startFunctions({
        port: functionsPort,
        functionsDir: options.functions?.dir ?? join(supabaseDir, 'functions'),
        names: [...functionNames.keys()],
        denoDir: DENO_DIR,
        env: {
          SUPABASE_URL: apiUrl,
          SUPABASE_ANON_KEY: ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
          SUPABASE_DB_URL: database.url,
          // send-contact-email and emails deliver here when there is no mail provider
          LOCAL_INBOX_URL: `${apiUrl}/inbox/api/messages`,
          // the site's address, for the links in booking e-mails (options.siteUrl, else config.toml's auth.site_url)
          SITE_URL: config.siteUrl,
          // local development: feeds and webhook receivers on this machine may be tried
          OUTBOUND_ALLOW_LOOPBACK: 'true',
          // the payments functions reach the Stripe stand-in through the SDK's host/port/protocol
          STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET,
          STRIPE_API_HOST: '127.0.0.1',
          STRIPE_API_PORT: String(stripe.port),
          STRIPE_API_PROTOCOL: 'http',
          // the police-filing function reaches the Alloggiati Web stand-in
          ALLOGGIATI_URL: `${paperwork.url}/service/Service.asmx`,
          // the istat-filing function reaches the Ross1000 stand-in
          ROSS1000_URL: `${ross1000.url}/ws/checkinV2`,
        },
        echo: prefixed('functions'),
      }),
    ]);
    for (const started of [restStarted, functionsStarted]) {
      if (started.status === 'fulfilled') cleanups.push(() => started.value.stop());
    }
    if (restStarted.status === 'rejected') throw restStarted.reason;
    if (functionsStarted.status === 'rejected') throw functionsStarted.reason;
    const rest = restStarted.value;
    const functions = functionsStarted.value;
    echo(`[platform] PostgREST listens on http://127.0.0.1:${restPort}`);

    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    // An idle connection whose database went away (a stop, a crash) must not crash the platform;
    // the pool drops it and the next query reports the failure to its caller.
    pool.on('error', (error) => echo(`[platform] idle database connection closed: ${error.message}`));
    cleanups.push(() => pool.end());

    const inbox = createInbox({ serviceRoleKey: SERVICE_ROLE_KEY });
    const auth = createAuthService({
      pool,
      jwtSecret: JWT_SECRET,
      siteUrl: config.siteUrl,
      jwtExpirySeconds: config.jwtExpiry,
      signInRateLimit: { max: options.signInRateLimit ?? config.signInRateLimit, windowMs: 5 * 60_000 },
      minimumPasswordLength: config.minimumPasswordLength,
      mfaRateLimit: { max: options.mfaRateLimit ?? 15, windowMs: 60_000 },
      refreshTokenReuseInterval: authConfig.refreshTokenReuseInterval,
      additionalRedirectUrls: authConfig.additionalRedirectUrls,
      enableConfirmations: authConfig.enableConfirmations,
      doubleConfirmChanges: authConfig.doubleConfirmChanges,
      securePasswordChange: authConfig.securePasswordChange,
      otpExpirySeconds: authConfig.otpExpiry,
      maxFrequencySeconds: authConfig.maxFrequency,
      emailSentPerHour: authConfig.emailSentPerHour,
      enableAnonymousSignIns: authConfig.enableAnonymousSignIns,
      anonymousSignInsPerHour: authConfig.anonymousUsersPerHour,
      sendMail: (mail) => {
        inbox.deliver(mail);
        echo(`[inbox] ${mail.kind} e-mail to ${mail.to.join(', ')}: ${mail.subject}`);
      },
      log: prefixed('auth'),
    });
    const storage = createStorageService({
      pool,
      jwtSecret: JWT_SECRET,
      dataDir: storageDir,
      publicUrl: apiUrl,
      log: prefixed('storage'),
    });
    cleanups.push(
      () => auth.close(),
      () => storage.close(),
    );
    const gateway = createGateway({
      port: apiPort,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      jwtSecret: JWT_SECRET,
      restPort: () => restPort,
      functionsPort: () => functionsPort,
      auth: (req, res) => auth.handle(req, res),
      storage: (req, res) => storage.handle(req, res),
      inbox: (req, res) => inbox.handle(req, res),
      functions: functionNames,
      refuseRegexFilters: database.kind === 'pglite',
      log: prefixed('gateway'),
    });
    await preferred?.release();
    await gateway.listen().catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'EADDRINUSE'
          ? `gateway: port ${apiPort} is already in use (is another platform running?)`
          : `gateway: ${error.message}`,
      );
    });
    cleanups.push(() => gateway.close());

    if (options.schedule !== false) {
      const scheduler = startScheduler(SCHEDULE, {
        apiUrl,
        serviceRoleKey: SERVICE_ROLE_KEY,
        log: prefixed('schedule'),
      });
      cleanups.push(() => scheduler.stop());
    }

    let stopping = false;
    const watched = [database.process, rest, functions].filter((part): part is ManagedProcess => part !== undefined);
    const crashed = new Promise<string>((resolveCrash) => {
      for (const part of watched) {
        part.exited.then((code) => {
          if (stopping) return;
          const report = `${part.name} exited unexpectedly (code ${code}). Its last lines:\n${part.tail.text() || '    (no output)'}`;
          echo(report);
          if (options.onPartExit !== 'keep-running') {
            stopping = true;
            void stopAll().then(() => resolveCrash(report));
          }
        });
      }
    });

    return {
      apiUrl,
      inboxUrl: `${apiUrl}/inbox`,
      stripeUrl: stripe.url,
      paperworkUrl: paperwork.url,
      ross1000Url: ross1000.url,
      dbUrl: database.url,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      jwtSecret: JWT_SECRET,
      parts: { database: database.process, rest, functions },
      migrations,
      crashed,
      reloadSchema: () => reloadPostgrestSchema(rest, restAdminPort),
      async stop() {
        stopping = true;
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** One platform per data folder: PGlite cannot share its files with a second process. */
function claimDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'platform.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`another platform (pid ${pid}) is using ${dataDir}; stop it first`);
    }
  }
  writeFileSync(file, String(process.pid));
  return { release: () => rmSync(file, { force: true }) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
