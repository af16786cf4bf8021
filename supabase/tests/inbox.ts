// Reading the local inbox in platform tests: the messages sent to an address, and their links.
import { platform } from './support';

export interface InboxMessage {
  id: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
  kind: string;
}

export async function inboxFor(address: string): Promise<InboxMessage[]> {
  const response = await fetch(`${platform().apiUrl}/inbox/api/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

/** The newest message to `address` (throws when there is none). */
export async function latestMail(address: string): Promise<InboxMessage> {
  const [message] = await inboxFor(address);
  if (!message) throw new Error(`no e-mail to ${address}`);
  return message;
}

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
