// Reading the local platform's inbox (every e-mail it sends) in platform and browser tests: the
// messages sent to an address, their links and codes.

import type { MailMessage } from '../local/inbox';

/** A message as the inbox's API lists it (the inbox's own type: one definition). */
export type InboxMessage = MailMessage;

/** The e-mails the platform at `apiUrl` sent to an address, newest first. */
export async function readInbox(apiUrl: string, address: string): Promise<InboxMessage[]> {
  const response = await fetch(`${apiUrl}/inbox/api/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

/** The auth link (`…/auth/v1/verify?token=…`) in an e-mail (throws when there is none). */
export function verifyLink(message: InboxMessage): URL {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no verify link in ${JSON.stringify(message.text)}`);
  return new URL(link);
}

export function otpCode(message: InboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(message.text)}`);
  return code;
}

/** Follows an e-mail link as a browser would, without following the redirect. */
export async function follow(link: URL): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'about:blank') };
}

export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

/** The message as the wire would carry it: its header lines (unfolded, as sent) and its body. */
export async function readRawMessage(apiUrl: string, id: string): Promise<{ headers: string[]; body: string }> {
  const response = await fetch(`${apiUrl}/inbox/api/messages/${encodeURIComponent(id)}/raw`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  const raw = await response.text();
  const end = raw.indexOf('\r\n\r\n');
  return { headers: raw.slice(0, end).split(/\r\n|\r|\n/), body: raw.slice(end + 4) };
}
