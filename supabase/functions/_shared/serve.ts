// What every JSON function of this project does around its own work: answers the CORS preflight,
// refuses methods other than POST, reads the body with a size cap and checks it with a zod schema,
// and turns a thrown error into a response (an HttpError's status, else a logged 500).
import { errorResponse, handleCorsPreflight } from './cors.ts';

/** An error whose message the caller may read, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Serves `handle` for POST requests; `failure` is the 500 answer's text. */
export function servePost(name: string, failure: string, handle: (request: Request) => Promise<Response>): void {
  Deno.serve(async (request: Request) => {
    const preflight = handleCorsPreflight(request);
    if (preflight) return preflight;
    if (request.method !== 'POST') return errorResponse('Method not allowed', 405, { Allow: 'POST, OPTIONS' });
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.message, error.status);
      console.error(`[${name}] ${(error as Error).stack ?? error}`);
      return errorResponse(failure, 500);
    }
  });
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/** The request's JSON body; a body over `maxBytes` throws 413, one that is not JSON 400. */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const raw = await request.text();
  if (new TextEncoder().encode(raw).length > maxBytes) throw new HttpError('Request body too large', 413);
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError('Request body must be JSON', 400);
  }
}

/** The JSON body checked by `schema`; the first problem throws 400 with its message. */
export async function readInput<T>(request: Request, maxBytes: number, schema: Schema<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(request, maxBytes));
  if (!parsed.success) throw new HttpError(parsed.error.issues[0]?.message ?? 'Invalid input', 400);
  return parsed.data;
}
