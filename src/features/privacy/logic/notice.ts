import type { SiteCompliance } from '@/lib/site-compliance';
import type { ContactInfo } from '@/lib/site-content';

/** The figures the privacy notice states, from the admins' settings (never typed into the text). */
export interface NoticeFacts {
  /** where guests write about their data: the privacy address, else the house's e-mail */
  email: string;
  address: string;
  stayYears: number;
  messageMonths: number;
  /** null: online check-in's setting is not known here */
  documentDays: number | null;
  cin: string | null;
}

export function noticeFacts(compliance: SiteCompliance, contact: ContactInfo): NoticeFacts {
  return {
    email: compliance.privacy_contact_email?.trim() || contact.email,
    address: contact.address,
    stayYears: compliance.stay_contact_retention_years,
    messageMonths: compliance.contact_message_retention_months,
    documentDays: compliance.identity_document_retention_days,
    cin: compliance.cin,
  };
}
