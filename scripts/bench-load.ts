// The fixed CPU load the benches run beside what they measure (`npm run bench:lighthouse`,
// `bench:admin`, `bench:platform`): a phone or a laptop is never a quiet machine. One busy process
// per spare core (every core but one, at least one), each spinning a tight loop, started and
// stopped by the bench. BENCH_LOAD_WORKERS sets another count (0: no load).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

export const LOAD_WORKERS = process.env.BENCH_LOAD_WORKERS
  ? Number(process.env.BENCH_LOAD_WORKERS)
  : Math.max(1, cpus().length - 1);

export interface CpuLoad {
  workers: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// a bench that throws or is interrupted must not leave its busy loops behind
const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Starts the busy workers and waits until they run (a short spin-up, so the first measure is loaded too). */
export async function startCpuLoad(workers = LOAD_WORKERS): Promise<CpuLoad> {
  const children = Array.from({ length: workers }, () => {
    const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    running.add(child);
    return child;
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    workers,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              running.delete(child);
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
