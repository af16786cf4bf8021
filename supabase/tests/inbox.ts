// Reading the local platform's inbox (every e-mail it sends), for the platform and browser tests.

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

/** The e-mails the platform sent to an address, newest first, each with the auth link it carries (if any). */
export async function readInbox(apiUrl: string, address: string): Promise<(InboxMessage & { link?: string })[]> {
  const response = await fetch(`${apiUrl}/inbox/api/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the inbox answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: InboxMessage[] };
  return messages.map((message) => ({ ...message, link: verifyLink(message.text) }));
}

/** The auth link (`…/auth/v1/verify?token=…`) in an e-mail's text. */
function verifyLink(text: string): string | undefined {
  return /https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<>]+/.exec(text)?.[0];
}
