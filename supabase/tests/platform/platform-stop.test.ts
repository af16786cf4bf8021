// A database that goes away under the platform (a crash, or the order of a stop) must stop the
// platform with its report, not crash the process on the pool's idle connections.
import { describe, expect, it } from 'vitest';
import { startPlatform } from '../../local/platform';

describe.skipIf(Boolean(process.env.SUPABASE_DB_URL))('platform stop', () => {
  it('survives the database closing the idle connections of its pool', async () => {
    const platform = await startPlatform({
      apiPort: 0,
      dataDir: null,
      seed: false,
      schedule: false,
      onPartExit: 'stop',
    });
    // sign-up and settings calls leave the platform's pool with idle connections
    const settings = await fetch(`${platform.apiUrl}/auth/v1/settings`, { headers: { apikey: platform.anonKey } });
    expect(settings.status).toBe(200);
    await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        fetch(`${platform.apiUrl}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: platform.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: `stop-${i}-${Date.now()}@test.example.com`, password: 'stop-password-1' }),
        }),
      ),
    );
    const uncaught: Error[] = [];
    const record = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      platform.parts.database!.child.kill('SIGKILL');
      const report = await platform.crashed;
      expect(report).toContain('database (PGlite) exited unexpectedly');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await platform.stop();
    }
  }, 180_000);
});
