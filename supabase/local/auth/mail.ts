// The e-mails the auth service sends, with the subjects of Supabase's default templates. Each
// carries GoTrue's link `{API}/auth/v1/verify?token=…&type=…&redirect_to=…` and the OTP code.

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication';

export interface OutgoingMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export const MAIL_FROM = 'Supabase Auth <noreply@mail.app.supabase.io>';

interface Template {
  subject: string;
  heading: string;
  lead: string;
  action: string;
}

const TEMPLATES: Record<MailKind, Template> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    lead: 'You have been invited to create a user on {site}. Follow this link to accept the invite:',
    action: 'Accept the invite',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Magic Link',
    lead: 'Follow this link to login:',
    action: 'Log In',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    lead: 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
  email_change: {
    subject: 'Confirm Change of Email',
    heading: 'Confirm Change of Email',
    lead: 'Follow this link to confirm the update of your email from {email} to {new_email}:',
    action: 'Change Email',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm reauthentication',
    lead: 'Enter the code:',
    action: '',
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function authMail(
  kind: MailKind,
  details: { to: string; otp: string; link?: string; siteUrl: string; email?: string; newEmail?: string },
): OutgoingMail {
  const template = TEMPLATES[kind];
  const lead = template.lead
    .replace('{site}', details.siteUrl)
    .replace('{email}', details.email ?? '')
    .replace('{new_email}', details.newEmail ?? '');
  const codeLine = `Alternatively, enter the code: ${details.otp}`;
  const text = details.link
    ? [template.heading, '', lead, details.link, '', codeLine].join('\n')
    : [template.heading, '', `${lead} ${details.otp}`].join('\n');
  const html = details.link
    ? `<h2>${escapeHtml(template.heading)}</h2>\n<p>${escapeHtml(lead)}</p>\n` +
      `<p><a href="${escapeHtml(details.link)}">${escapeHtml(template.action)}</a></p>\n<p>${escapeHtml(codeLine)}</p>`
    : `<h2>${escapeHtml(template.heading)}</h2>\n<p>${escapeHtml(lead)}</p>\n<p>${escapeHtml(details.otp)}</p>`;
  return { to: [details.to], from: MAIL_FROM, subject: template.subject, text, html, kind };
}
