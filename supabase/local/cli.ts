// `npm run platform` runs the local Supabase platform in the foreground;
// `npm run db:reset` throws the local data away, re-applies the migrations and the seed, and exits.
import { redact } from './database-server';
import { startPlatform, type Platform, type PlatformOptions } from './platform';

const command = process.argv[2] ?? 'serve';

export function platformOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformOptions {
  const port = (name: string) => (env[name] ? Number(env[name]) : undefined);
  return {
    databaseUrl: env.SUPABASE_DB_URL || undefined,
    apiPort: port('SUPABASE_API_PORT'),
    dbPort: port('SUPABASE_DB_PORT'),
    stripePort: port('SUPABASE_STRIPE_PORT'),
    dataDir: env.SUPABASE_DATA_DIR || undefined,
    // the site `npm start` serves (its PORT): e-mail links and redirects lead there
    siteUrl: env.PORT ? `http://127.0.0.1:${Number(env.PORT)}` : undefined,
    echo: (line) => console.log(line),
  };
}

/** Starts the platform and wires Ctrl-C and part crashes to a clean stop. */
export async function runPlatform(
  options: PlatformOptions,
  onReady: (platform: Platform) => void,
  onStop?: () => Promise<void>,
) {
  const started = Date.now();
  let platform: Platform;
  try {
    platform = await startPlatform(options);
  } catch (error) {
    console.error(`\n✖ The platform could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  // The handlers are in place before "API ready" is printed: whoever reads that line and stops the
  // platform at once (a bench, a script) gets a clean stop, not Node's default exit that orphans the parts.
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await onStop?.();
    await platform.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // PGlite's URL works as printed; a real server's password is not printed.
  console.log(`DB ready at ${options.databaseUrl ? redact(platform.dbUrl) : platform.dbUrl}`);
  console.log(`API ready at ${platform.apiUrl}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`Inbox at ${platform.inboxUrl}`);
  onReady(platform);
  platform.crashed.then(async (report) => {
    console.error(`\n✖ ${report}\nThe platform stopped.`);
    await shutdown(1);
  });
}

async function main() {
  if (command === 'reset') {
    const platformOptions = { ...platformOptionsFromEnv(), reset: true, seed: true };
    const platform = await startPlatform(platformOptions).catch((error: Error) => {
      console.error(`✖ Reset failed: ${error.message}`);
      process.exit(1);
    });
    const { applied, seeded, fromCache } = platform.migrations;
    const schema = fromCache ? 'migrated schema restored from the cache' : `${applied.length} migrations applied`;
    console.log(`Database reset: ${schema}, seed ${seeded ? 'loaded' : 'not found'}.`);
    await platform.stop();
    return;
  }
  await runPlatform(platformOptionsFromEnv(), () => {});
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  void main();
}
