import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, waitUntilReady, type ManagedProcess } from './process';

export interface FunctionsOptions {
  port: number;
  functionsDir: string;
  names: string[];
  env: Record<string, string>;
  denoDir: string;
  echo?: (line: string) => void;
}

function denoBinary(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('deno/package.json'), '..', 'deno');
}

/** Variables from supabase/functions/.env, as `supabase functions serve` reads them. */
function readDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, key, value]) => [key, value.replace(/^(['"])(.*)\1$/, '$2')]);
  return Object.fromEntries(entries);
}

export async function startFunctions(options: FunctionsOptions): Promise<ManagedProcess> {
  const main = fileURLToPath(new URL('./deno/main.ts', import.meta.url));
  const names = options.names.filter((name) => existsSync(join(options.functionsDir, name, 'index.ts')));
  const proc = startProcess(
    'functions (Deno)',
    denoBinary(),
    ['run', '--allow-all', '--no-prompt', main, String(options.port), options.functionsDir, ...names],
    {
      echo: options.echo,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DENO_DIR: options.denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        ...readDotEnv(join(options.functionsDir, '.env')),
        ...options.env,
      },
    },
  );
  await waitUntilReady(proc, async () => (await fetch(`http://127.0.0.1:${options.port}/_health`)).ok, 30_000);
  return proc;
}
