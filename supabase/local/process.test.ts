// How the platform waits for a part: every part (database, PostgREST, Deno) goes through this.
import { describe, expect, it } from 'vitest';
import { startProcess, waitUntilReady } from './process';

const node = (script: string) => startProcess('test part', process.execPath, ['-e', script], {});

describe('waiting for a part', () => {
  it('names a part that exits before it is ready and quotes its last lines', async () => {
    const part = node("console.log('reading config'); console.error('bad setting: port'); process.exit(3)");
    await expect(waitUntilReady(part, async () => false, 10_000)).rejects.toThrow(
      /test part exited before it became ready\. Its last lines:\n\s+reading config\n\s+bad setting: port/,
    );
  });

  it('stops a part that never becomes ready and reports its last lines', async () => {
    const part = node("console.log('still starting'); setInterval(() => {}, 1000)");
    await expect(waitUntilReady(part, async () => false, 800)).rejects.toThrow(
      /test part did not become ready within 1 s\. Its last lines:\n\s+still starting/,
    );
    expect(part.child.exitCode !== null || part.child.signalCode !== null).toBe(true);
  });

  it('returns once the check passes', async () => {
    const part = node("console.log('ready'); setInterval(() => {}, 1000)");
    await waitUntilReady(part, async () => part.tail.text().includes('ready'), 10_000);
    await part.stop();
  });
});
