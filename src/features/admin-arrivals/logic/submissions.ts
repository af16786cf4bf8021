// What the Alloggiati Web service answered for each guest (public.police_submissions), as the
// arrivals screen shows it.
import { t } from '@lingui/core/macro';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';

type Row = Database['public']['Tables']['police_submissions']['Row'];

export type PoliceSubmission = Pick<
  Row,
  | 'guest_id'
  | 'booking_id'
  | 'status'
  | 'error_code'
  | 'error_text'
  | 'error_detail'
  | 'attempts'
  | 'last_attempt_at'
  | 'sent_at'
>;

type Composite = Database['public']['CompositeTypes'];

/** police_submissions_day's answer: the web service's filings of the day, refusals left, guests due today. */
export type PoliceServiceDay = Filled<Composite['police_service_day_view']>;

/** paperwork_credentials_settings' answer: never the secrets; what is not set is null. */
export type PoliceAccount = Filled<
  Composite['paperwork_account_view'],
  'alloggiati_user_masked' | 'alloggiati_tested_at' | 'ross1000_user_masked' | 'ross1000_structure' | 'updated_at'
>;

/** The words of a guest's last answer from the service, for the arrivals card. */
export function submissionWords(
  submission: PoliceSubmission | undefined,
): { tone: 'done' | 'todo'; text: string } | null {
  if (!submission) return null;
  if (submission.status === 'sent') return { tone: 'done', text: t`Sent to Alloggiati Web.` };
  // the service's own words (Italian) stay as it sent them
  const error =
    [submission.error_text, submission.error_code && `(${submission.error_code})`].filter(Boolean).join(' ') ||
    t`no reason given`;
  const detail = submission.error_detail;
  const refused = t`Refused by Alloggiati Web: ${error}.`;
  const fix = detail ? ` ${t`To fix: ${detail}`}` : '';
  return { tone: 'todo', text: `${refused}${fix} ${t`Correct the guest: the next run sends again.`}` };
}

/** The refusal codes of police-filing's save_credentials, in words. */
export function accountRefusal(code: string | undefined): string {
  if (code === 'credentials_refused') return t`Alloggiati Web refused this user, password or WSKey.`;
  if (code === 'service_unavailable') return t`Alloggiati Web does not answer right now. Please try again later.`;
  return code ?? t`Please try again.`;
}
