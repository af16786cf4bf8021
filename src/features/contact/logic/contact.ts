import { t } from '@lingui/core/macro';
import {
  CONTACT_LIMITS,
  PHONE_PATTERN as CONTACT_PHONE_PATTERN,
  isMultilineText,
  isOneLineText,
  isValidEmail,
} from '@shared/constants';

/** Field limits and the phone rule: one module shared with the send-contact-email function. */
export { CONTACT_LIMITS, CONTACT_PHONE_PATTERN };

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export interface ContactPayload {
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

export const emptyContactValues = (): ContactValues => ({ name: '', email: '', phone: '', message: '' });

export type ContactCheck =
  { ok: true; payload: ContactPayload } | { ok: false; title: string; description: string; field: keyof ContactValues };

/**
 * Trims the fields and checks the required ones in order (name, email, message); empty phone → null.
 * The messages are in the active language (read when called).
 */
export function checkContact(values: ContactValues): ContactCheck {
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const message = values.message.trim();
  if (!name) return { ok: false, field: 'name', title: t`Name Required`, description: t`Please enter your name.` };
  if (!email)
    return { ok: false, field: 'email', title: t`Email Required`, description: t`Please enter your email address.` };
  if (!message)
    return { ok: false, field: 'message', title: t`Message Required`, description: t`Please enter your message.` };
  if (name.length > CONTACT_LIMITS.name)
    return {
      ok: false,
      field: 'name',
      title: t`Name Too Long`,
      description: t`Please use at most ${CONTACT_LIMITS.name} characters.`,
    };
  if (!isOneLineText(name))
    return {
      ok: false,
      field: 'name',
      title: t`Invalid Name`,
      description: t`Please write your name on one line, without special invisible characters.`,
    };
  if (!isValidEmail(email))
    return { ok: false, field: 'email', title: t`Invalid Email`, description: t`Please enter a valid email address.` };
  if (phone.length > CONTACT_LIMITS.phone)
    return {
      ok: false,
      field: 'phone',
      title: t`Phone Too Long`,
      description: t`Please use at most ${CONTACT_LIMITS.phone} characters.`,
    };
  if (phone && !CONTACT_PHONE_PATTERN.test(phone))
    return { ok: false, field: 'phone', title: t`Invalid Phone`, description: t`Please enter a valid phone number.` };
  if (message.length > CONTACT_LIMITS.message)
    return {
      ok: false,
      field: 'message',
      title: t`Message Too Long`,
      description: t`Please use at most ${CONTACT_LIMITS.message} characters.`,
    };
  if (!isMultilineText(message))
    return {
      ok: false,
      field: 'message',
      title: t`Invalid Message`,
      description: t`Please remove the special invisible characters from your message.`,
    };
  return { ok: true, payload: { name, email, phone: phone === '' ? null : phone, message } };
}

export function contactSuccessToast(email: string) {
  return {
    title: t`Message sent successfully!`,
    description: t`We've received your message and will reply to ${email} soon.`,
  };
}

export function contactFailureToast(hostEmail: string, hostPhone: string) {
  return {
    title: t`Failed to send message`,
    description: t`Please try again or contact us directly at ${hostEmail} or ${hostPhone}.`,
  };
}
