import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** The last lines a part printed, kept so a crash report can show them. */
export class LogTail {
  private lines: string[] = [];
  constructor(private readonly size = 20) {}
  push(chunk: string) {
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      this.lines.push(line);
      if (this.lines.length > this.size) this.lines.shift();
    }
  }
  text(): string {
    return this.lines.map((line) => `    ${line}`).join('\n');
  }
}

// Whatever ends this process (a crash included), the parts it started must not outlive it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  tail: LogTail;
  /** Resolves once the process has exited (whatever the reason). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Spawns a part of the platform, mirrors its output with a prefix, and remembers its last lines. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { echo?: (line: string) => void; ipc?: boolean },
): ManagedProcess {
  const child = spawn(command, args, {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? ['ipc' as const] : [])],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const tail = new LogTail();
  const onData = (data: Buffer) => {
    const text = data.toString();
    tail.push(text);
    if (options.echo) for (const line of text.split('\n')) if (line.trim()) options.echo(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      tail.push(String(error));
      resolve(-1);
    });
  });
  return {
    name,
    child,
    tail,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** How often a starting part is asked whether it is ready (each ask is one local request). */
const POLL_MS = 25;

/**
 * Polls `check` until it resolves true. Fails, naming the part and quoting its last lines, when
 * the part exits first or does not become ready within `timeoutMs`.
 */
export async function waitUntilReady(part: ManagedProcess, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void part.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const reason = exited
    ? 'exited before it became ready'
    : `did not become ready within ${Math.round(timeoutMs / 1000)} s`;
  await part.stop();
  throw new Error(`${part.name} ${reason}. Its last lines:\n${part.tail.text() || '    (no output)'}`);
}
