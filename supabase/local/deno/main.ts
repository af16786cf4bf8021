// Serves every edge function in one Deno process. Each function calls Deno.serve(handler) at the
// top level, as on hosted Supabase; we capture that handler instead of opening a port per function
// and route /<name>/... to it. Usage: deno run -A main.ts <port> <functionsDir> <name>...
const [portArg, functionsDir, ...names] = Deno.args;
type Handler = (request: Request, info?: unknown) => Response | Promise<Response>;

const realServe = Deno.serve.bind(Deno);
const handlers = new Map<string, Promise<Handler>>();
let capture: ((handler: Handler) => void) | null = null;

function captureServe(...args: unknown[]) {
  const handler = (args.find((arg) => typeof arg === 'function') ??
    (args[0] as { handler?: Handler }).handler) as Handler;
  capture?.(handler);
  return {
    finished: new Promise(() => {}),
    shutdown: async () => {},
    ref() {},
    unref() {},
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
  };
}
Object.defineProperty(Deno, 'serve', { value: captureServe, configurable: true, writable: true });

// Functions load one after another (capture is global) while the router already answers.
let chain = Promise.resolve();
for (const name of names) {
  const loaded = chain.then(
    () =>
      new Promise<Handler>((resolve, reject) => {
        capture = resolve;
        import(`file://${functionsDir}/${name}/index.ts`).then(
          () => setTimeout(() => reject(new Error(`${name} did not call Deno.serve`)), 0),
          reject,
        );
      }),
  );
  loaded.catch((error) => console.error(`[functions] ${name} failed to load: ${error.message}`));
  handlers.set(name, loaded);
  chain = loaded.then(
    () => undefined,
    () => undefined,
  );
}

// Failures answered as the Supabase CLI's edge runtime answers them.
const bootError = () =>
  Response.json({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, { status: 503 });
const workerError = () =>
  Response.json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    { status: 500 },
  );

realServe(
  { port: Number(portArg), hostname: '127.0.0.1', onListen: () => console.log(`ready ${portArg}`) },
  async (request, info) => {
    const url = new URL(request.url);
    const [, name, ...rest] = url.pathname.split('/');
    if (name === '_health') return new Response('ok');
    // The gateway only forwards declared functions: one without a loaded handler has no entrypoint.
    const loading = handlers.get(name);
    if (!loading) return bootError();
    let handler: Handler;
    try {
      handler = await loading;
    } catch {
      return bootError();
    }
    try {
      url.pathname = `/${name}${rest.length ? `/${rest.join('/')}` : ''}`;
      return await handler(new Request(url, request), info);
    } catch (error) {
      console.error(`[functions] ${name}: ${(error as Error).stack ?? error}`);
      return workerError();
    }
  },
);
