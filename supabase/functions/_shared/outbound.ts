// Every call a function makes out of the server (calendar feeds, webhooks) goes through here, since
// a user-entered URL is a way in for an attacker: only https (plain http to loopback only where the
// local platform allows it), no private, loopback or link-local targets, no redirects followed, a
// timeout over the whole exchange and a cap on the body read.
//
// The host name is resolved and checked before the request; a DNS answer that changes between the
// check and the connection (rebinding) is not caught, since Deno's fetch cannot be pinned to an
// address.
import { classifyAddress } from './addresses.ts';

export class OutboundError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'timeout' | 'too_large' | 'redirect' | 'network',
  ) {
    super(message);
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  elapsedMs: number;
}

/** Loopback targets (http or https) are allowed only when the local platform says so. */
export function loopbackAllowed(): boolean {
  return Deno.env.get('OUTBOUND_ALLOW_LOOPBACK') === 'true';
}

/** Parses and checks a target URL's shape (scheme, credentials, port); throws OutboundError. */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('The URL is not valid', 'refused');
  }
  if (url.username || url.password) throw new OutboundError('URLs with credentials are refused', 'refused');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundError('Only https URLs are allowed', 'refused');
  }
  return url;
}

async function resolveHost(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (classifyAddress(bare) !== 'invalid') return [bare];
  const answers = await Promise.allSettled([Deno.resolveDns(bare, 'A'), Deno.resolveDns(bare, 'AAAA')]);
  const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  if (!addresses.length) throw new OutboundError(`The host ${bare} could not be resolved`, 'network');
  return addresses;
}

/** Throws OutboundError unless the URL may be called from the server. */
export async function assertPublicTarget(url: URL): Promise<void> {
  const addresses = await resolveHost(url.hostname);
  const kinds = new Set(addresses.map(classifyAddress));
  const loopbackOnly = kinds.size === 1 && kinds.has('loopback');
  if (loopbackOnly && loopbackAllowed()) return;
  if (url.protocol !== 'https:') throw new OutboundError('Only https URLs are allowed', 'refused');
  if (!kinds.has('public') || kinds.size > 1) {
    throw new OutboundError('The URL points to a private or local network address, which is refused', 'refused');
  }
}

/** One checked request: no redirects, `timeoutMs` over the whole exchange, at most `maxBytes` read. */
export async function outboundFetch(raw: string, request: OutboundRequest): Promise<OutboundResponse> {
  const url = parseTargetUrl(raw);
  await assertPublicTarget(url);
  const started = performance.now();
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
    });
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      throw new OutboundError(
        `The server answered with a redirect (${response.status}), which is not followed`,
        'redirect',
      );
    }
    const body = await readCapped(response, request.maxBytes);
    return { status: response.status, headers: response.headers, body, elapsedMs: performance.now() - started };
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (signal.aborted) throw new OutboundError(`No complete answer within ${request.timeoutMs / 1000} s`, 'timeout');
    throw new OutboundError(`The request failed: ${(error as Error).message}`, 'network');
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OutboundError(`The answer is larger than ${maxBytes} bytes`, 'too_large');
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new OutboundError(`The answer is larger than ${maxBytes} bytes`, 'too_large');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
