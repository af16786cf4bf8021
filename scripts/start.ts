// `npm start`: the local Supabase platform plus the Vite dev server pointed at it.
// On a fresh clone the first start applies the migrations and the seed by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRET } from '../supabase/local/keys';
import { platformOptionsFromEnv, runPlatform } from '../supabase/local/cli';

const SITE_PORT = Number(process.env.PORT ?? 8080);
let vite: ChildProcess | undefined;

await runPlatform(
  platformOptionsFromEnv(),
  (platform) => {
    vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(SITE_PORT), '--strictPort'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, VITE_SUPABASE_URL: platform.apiUrl, VITE_SUPABASE_ANON_KEY: platform.anonKey },
    });
    let announced = false;
    vite.stdout?.on('data', (chunk: Buffer) => {
      if (announced || !chunk.toString().includes('Local')) return;
      announced = true;
      console.log(
        [
          '',
          `  Site:  http://127.0.0.1:${SITE_PORT}`,
          `  Admin: http://127.0.0.1:${SITE_PORT}/admin`,
          `  API:   ${platform.apiUrl}`,
          `  Inbox: ${platform.inboxUrl}  (every e-mail the platform sends: sign-up, reset, invite, contact)`,
          `  DB:    ${platform.dbUrl}`,
          '',
          '  Demo accounts:',
          ...DEMO_ACCOUNTS.map(
            (account) => `    ${account.email.padEnd(22)} ${account.password.padEnd(20)} ${account.role}`,
          ),
          `    mfa-admin's authenticator secret (TOTP, SHA-1, 6 digits, 30 s): ${DEMO_TOTP_SECRET}`,
          `    add it to an authenticator app, or print a code: npx tsx supabase/local/auth/totp.ts ${DEMO_TOTP_SECRET}`,
          '',
          '  Contact messages also appear below as [functions] [outbox] lines.',
          '  Ctrl-C stops everything.',
          '',
        ].join('\n'),
      );
    });
    vite.on('exit', (code) => {
      if (code !== null && code !== 0) {
        console.error(`✖ The Vite dev server exited (code ${code}).`);
        process.kill(process.pid, 'SIGTERM');
      }
    });
  },
  async () => {
    vite?.kill('SIGTERM');
  },
);
