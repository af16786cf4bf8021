// The local inbox: every e-mail the platform sends (auth links, the contact function's messages)
// lands here instead of leaving the machine, as `supabase start`'s mail catcher does. Messages
// live in memory, newest first, capped. Served by the gateway without an apikey:
//   GET    /inbox                        a page listing the messages
//   GET    /inbox/api/messages[?to=]     {"messages":[…]} newest first, `to` case-insensitive
//   GET    /inbox/api/messages/<id>      one message
//   GET    /inbox/api/messages/<id>/raw  the message as the wire would carry it (RFC 5322 headers as
//                                        given, CRLF line ends, then the text): a header value with a
//                                        line break shows as an extra header line, as it would at a
//                                        real mail server
//   DELETE /inbox/api/messages           clears the inbox
//   POST   /inbox/api/messages           delivers one (Authorization: Bearer <service_role key>); with an
//                                        Idempotency-Key already seen, answers 200 with that message and
//                                        stores nothing, as a provider's API does
//   POST   /inbox/api/faults             {"fail_next": n, "status": 500}: the next n deliveries answer
//                                        that status, as a provider having a bad minute (tests, service role)
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, ServiceError, readJsonObject, serviceHandler, type Json, type Reply } from '../shared/http';

export interface MailMessage {
  id: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
  kind: string;
  reply_to?: string;
}

export type NewMail = Omit<MailMessage, 'id' | 'sent_at'>;

export interface Inbox {
  deliver(mail: NewMail): MailMessage;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

class InboxError extends ServiceError {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }

  toJSON(): Json {
    return { error: this.message };
  }
}

const MAX_BODY_BYTES = 256 * 1024;

export function createInbox(options: { serviceRoleKey: string; capacity?: number }): Inbox {
  const capacity = options.capacity ?? 500;
  const messages: MailMessage[] = [];

  const byIdempotencyKey = new Map<string, MailMessage>();
  const faults = { remaining: 0, status: 500 };

  function deliver(mail: NewMail): MailMessage {
    const message = { id: randomUUID(), sent_at: new Date().toISOString(), ...mail };
    messages.unshift(message);
    messages.length = Math.min(messages.length, capacity);
    return message;
  }

  const router = new Router<(req: IncomingMessage, url: URL, params: string[]) => Promise<Reply>>()
    .add('GET', /^\/inbox\/api\/messages$/, async (_req, url) => {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : messages;
      return { status: 200, body: { messages: found } };
    })
    .add('DELETE', /^\/inbox\/api\/messages$/, async () => {
      messages.length = 0;
      byIdempotencyKey.clear();
      return { status: 200, body: { messages: [] } };
    })
    .add('POST', /^\/inbox\/api\/messages$/, async (req) => {
      if (!isServiceRole(req, options.serviceRoleKey))
        throw new InboxError(401, 'Only the service role may deliver mail');
      const body = await readJsonObject(req, MAX_BODY_BYTES, {
        tooLarge: () => new InboxError(413, 'Message too large'),
        invalid: (detail) => new InboxError(400, `Invalid JSON body: ${detail}`),
      });
      if (faults.remaining > 0) {
        faults.remaining--;
        throw new InboxError(faults.status, 'The inbox was told to fail this delivery');
      }
      const key = String(req.headers['idempotency-key'] ?? '');
      const earlier = key ? byIdempotencyKey.get(key) : undefined;
      if (earlier) return { status: 200, body: earlier };
      const message = deliver(parseMail(body));
      if (key) {
        byIdempotencyKey.set(key, message);
        if (byIdempotencyKey.size > capacity) byIdempotencyKey.delete(byIdempotencyKey.keys().next().value!);
      }
      return { status: 201, body: message };
    })
    .add('POST', /^\/inbox\/api\/faults$/, async (req) => {
      if (!isServiceRole(req, options.serviceRoleKey))
        throw new InboxError(401, 'Only the service role may set faults');
      const body = await readJsonObject(req, 1024, {
        tooLarge: () => new InboxError(413, 'Body too large'),
        invalid: (detail) => new InboxError(400, `Invalid JSON body: ${detail}`),
      });
      faults.remaining = Math.max(0, Math.min(100, Number(body.fail_next) || 0));
      faults.status = Number(body.status) >= 400 && Number(body.status) < 600 ? Number(body.status) : 500;
      return { status: 200, body: { fail_next: faults.remaining, status: faults.status } };
    })
    .add('GET', /^\/inbox\/api\/messages\/([^/]+)$/, async (_req, _url, [id]) => {
      const message = messages.find((m) => m.id === id);
      if (!message) throw new InboxError(404, 'Message not found');
      return { status: 200, body: message };
    });

  const api = serviceHandler(
    (req) => {
      const url = new URL(req.url ?? '/', 'http://inbox.local');
      const path = url.pathname.replace(/\/+$/, '');
      const route = router.match(req.method, path);
      if (!route.handler) throw new InboxError(route.pathMatched ? 405 : 404, 'Not found');
      return route.handler(req, url, route.params);
    },
    { name: 'inbox', internalError: () => new InboxError(500, 'Inbox failure') },
  );

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://inbox.local').pathname.replace(/\/+$/, '');
    if (path === '/inbox' && (req.method === 'GET' || req.method === 'HEAD')) {
      const page = renderPage(messages);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
      res.end(req.method === 'HEAD' ? undefined : page);
      return;
    }
    const raw = /^\/inbox\/api\/messages\/([^/]+)\/raw$/.exec(path);
    if (raw && req.method === 'GET') {
      const message = messages.find((m) => m.id === raw[1]);
      const body = message ? rawMessage(message) : 'Message not found';
      res.writeHead(message ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(body);
      return;
    }
    await api(req, res);
  }

  return { deliver, handle };
}

function isServiceRole(req: IncomingMessage, serviceRoleKey: string): boolean {
  const token = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(serviceRoleKey);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseMail(body: Json): NewMail {
  const to = typeof body.to === 'string' ? [body.to] : body.to;
  if (!Array.isArray(to) || to.length === 0 || !to.every((a) => typeof a === 'string' && a.includes('@'))) {
    throw new InboxError(400, '`to` must be an e-mail address or a list of them');
  }
  const text = (key: string, fallback = '') => {
    const value = body[key] ?? fallback;
    if (typeof value !== 'string') throw new InboxError(400, `\`${key}\` must be a string`);
    return value;
  };
  const subject = text('subject');
  if (!subject) throw new InboxError(400, '`subject` is required');
  const replyTo = text('reply_to');
  return {
    to: to as string[],
    from: text('from', 'noreply@localhost'),
    subject,
    text: text('text'),
    html: text('html'),
    kind: text('kind', 'other'),
    ...(replyTo ? { reply_to: replyTo } : {}),
  };
}

/** The message with its header values exactly as the sender gave them (no folding, no encoding). */
function rawMessage(m: MailMessage): string {
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to.join(', ')}`,
    ...(m.reply_to ? [`Reply-To: ${m.reply_to}`] : []),
    `Subject: ${m.subject}`,
    `Date: ${new Date(m.sent_at).toUTCString()}`,
    `Message-ID: <${m.id}@inbox.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${m.text.replace(/\r?\n/g, '\r\n')}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Each message's text with its links made clickable (the HTML body is in the JSON). */
function renderPage(messages: MailMessage[]): string {
  const linkified = (text: string) =>
    escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = messages.map(
    (m) => `<article id="${escapeHtml(m.id)}">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.sent_at)} · ${escapeHtml(m.kind)}</p>
  <pre>${linkified(m.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local inbox (${messages.length})</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem 1rem;margin:1rem 0}
.meta{color:#555;font-size:.9rem}pre{white-space:pre-wrap}
</style></head><body>
<h1>Local inbox</h1>
<p>Every e-mail the local platform sent, newest first (${messages.length}). JSON: <a href="/inbox/api/messages">/inbox/api/messages</a>.</p>
${items.join('\n') || '<p>No messages yet.</p>'}
</body></html>`;
}
