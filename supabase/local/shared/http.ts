// The HTTP plumbing the in-process services (auth, storage) share: a router, one error type each
// service extends with its own JSON body, body reading within a limit, and replies.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Json = Record<string, unknown>;

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** a file on disk streamed as the body (the headers must describe it) */
  file?: string;
  /** only these bytes of `file` (inclusive offsets) */
  range?: { start: number; end: number };
}

/** A failure a service reports to the client: the HTTP status and the body in the service's own shape. */
export abstract class ServiceError extends Error {
  abstract readonly httpStatus: number;
  abstract toJSON(): Json;
}

type RouteMatch<H> = { handler: H; params: string[] } | { handler: undefined; pathMatched: boolean };

/** Routes tried in the order they were added; HEAD is served by the GET routes. */
export class Router<H> {
  private readonly routes: Array<{ method: string; pattern: RegExp; handler: H }> = [];

  add(method: string, pattern: RegExp, handler: H): this {
    this.routes.push({ method, pattern, handler });
    return this;
  }

  match(requestMethod: string | undefined, path: string): RouteMatch<H> {
    const method = requestMethod === 'HEAD' ? 'GET' : (requestMethod ?? 'GET');
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params: found.slice(1) };
    }
    return { handler: undefined, pathMatched };
  }
}

/** A path segment URL-decoded, or undefined when its percent-escapes are malformed. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The client's address as the gateway recorded it (x-forwarded-for), else the socket's. */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

/**
 * Reads the whole body; past `limit` bytes the rest is drained and discarded (so the client can
 * read the refusal) and null is returned.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? null : Buffer.concat(chunks);
}

export interface JsonBodyErrors {
  tooLarge(): Error;
  /** `detail` says what was wrong: the parser's message, or that the body is not an object */
  invalid(detail: string): Error;
}

/** Reads a JSON object body (an empty body is `{}`), refusing anything else with the service's errors. */
export async function readJsonObject(req: IncomingMessage, limit: number, errors: JsonBodyErrors): Promise<Json> {
  const body = await readBody(req, limit);
  if (body === null) throw errors.tooLarge();
  const text = body.toString('utf8').trim();
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw errors.invalid((err as Error).message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw errors.invalid('expected an object');
  }
  return parsed as Json;
}

/** Writes a reply: JSON with its length, or a file streamed from disk; HEAD gets the headers only. */
export async function sendReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  if (reply.file) {
    res.writeHead(reply.status, reply.headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const file = reply.file;
    await new Promise<void>((resolve) => {
      const stream = createReadStream(file, reply.range);
      stream.on('error', () => res.destroy());
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
    return;
  }
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(payload ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    'content-length': String(Buffer.byteLength(payload)),
    ...reply.headers,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/**
 * A service's request handler: `dispatch` answers, a ServiceError becomes its reply, anything else
 * is logged and becomes the service's 500.
 */
export function serviceHandler(
  dispatch: (req: IncomingMessage) => Promise<Reply>,
  options: {
    name: string;
    internalError: () => ServiceError;
    mapError?: (err: unknown) => unknown;
    log?: (line: string) => void;
  },
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let reply: Reply;
    try {
      reply = await dispatch(req);
    } catch (caught) {
      const err = options.mapError ? options.mapError(caught) : caught;
      if (err instanceof ServiceError) {
        reply = { status: err.httpStatus, body: err };
      } else {
        options.log?.(`${options.name}: ${req.method} ${req.url} failed: ${(err as Error)?.stack ?? String(err)}`);
        const internal = options.internalError();
        reply = { status: internal.httpStatus, body: internal };
      }
    }
    await sendReply(req, res, reply);
  };
}
