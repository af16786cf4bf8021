// The one place an e-mail's header values are built (booking e-mails, the host's, the review
// e-mails, the contact form's). A header value must be one line whatever its origin: a guest's or
// a room's name reaches a Subject, a visitor's address a Reply-To. The providers' APIs take these
// fields as JSON, but a header must never depend on that: any CR, LF or other control character is
// refused here, before anything is sent. Pure code (no Deno APIs): the Node suite tests it.
import { isValidEmail } from './constants.ts';

export class EmailHeaderError extends Error {
  constructor(header: string) {
    super(`The e-mail's ${header} header would contain a line break or a control character: not sent.`);
    this.name = 'EmailHeaderError';
  }
}

export interface HeaderInput {
  from: string;
  to: string;
  subject: string;
  replyTo?: string | null;
}

export interface EmailHeaders {
  from: string;
  to: string[];
  subject: string;
  reply_to?: string;
}

// CR, LF and every other C0/C1 control character, and the Unicode line and paragraph separators
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

function oneLine(header: string, value: string): string {
  if (LINE_BREAKING.test(value)) throw new EmailHeaderError(header);
  return value;
}

function address(header: string, value: string): string {
  oneLine(header, value);
  if (!isValidEmail(value)) throw new Error(`The e-mail's ${header} address is not valid: not sent.`);
  return value;
}

/** The header fields of a provider's request (Resend's shape, which the local inbox takes too). */
export function emailHeaders(input: HeaderInput): EmailHeaders {
  const headers: EmailHeaders = {
    // "Name <address>" or a bare address; either way one line
    from: oneLine('From', input.from),
    to: [address('To', input.to)],
    subject: oneLine('Subject', input.subject),
  };
  if (input.replyTo) headers.reply_to = address('Reply-To', input.replyTo);
  return headers;
}
