import { t } from '@lingui/core/macro';
import { refusalText } from '@/lib/refusals/refusals';
import type { GuestErrorCode, GuestField, GuestTypeValue } from './guests';

// Texts of the check-in form in the active language (evaluated when called).

export function guestTypeLabel(type: GuestTypeValue): string {
  switch (type) {
    case '16':
      return t`Single guest`;
    case '17':
      return t`Head of family`;
    case '18':
      return t`Head of group`;
    case '19':
      return t`Family member`;
    case '20':
      return t`Group member`;
  }
}

export function fieldLabel(field: GuestField): string {
  switch (field) {
    case 'guest_type':
      return t`Relation to the stay`;
    case 'surname':
      return t`Surname`;
    case 'given_names':
      return t`Given names`;
    case 'sex':
      return t`Sex`;
    case 'birth_date':
      return t`Date of birth`;
    case 'birth_state':
      return t`Country of birth`;
    case 'birth_comune':
      return t`Comune of birth`;
    case 'citizenship':
      return t`Citizenship`;
    case 'residence_state':
      return t`Country of residence`;
    case 'residence_comune':
      return t`Comune of residence`;
    case 'document_type':
      return t`Identity document`;
    case 'document_number':
      return t`Document number`;
    case 'document_issue_place':
      return t`Place of issue`;
  }
}

/** The message under a field the server or the form refused. */
export function guestErrorText(code: GuestErrorCode): string {
  switch (code) {
    case 'text_not_allowed':
      // the message of every text the server refuses so (private.assert_one_line_text)
      return refusalText({ code: 'text_not_allowed', message: '', details: {} }, 'en');
    case 'too_long':
      return t`This is too long.`;
    case 'future':
      return t`This date is in the future.`;
    case 'unknown_code':
      return t`Please pick a place from the list.`;
    case 'only_for_italy':
      return t`Only for places in Italy.`;
    case 'not_for_members':
      return t`Only the head of the family or group gives a document.`;
    case 'one_head':
      return t`A stay has one head of family and one head of group at most.`;
    case 'head_missing':
      return t`Please enter the head of the family or group too.`;
    case 'required':
      return t`Please enter at least one guest.`;
    case 'too_many':
      return t`There are more guests than in your booking.`;
    default:
      return t`Please check this field.`;
  }
}

/**
 * The police's document types a foreign guest may hold, in the guest's language, most used first;
 * the others (Italian cards and licences) keep the police table's Italian name.
 */
export const COMMON_DOCUMENT_TYPES = ['PASOR', 'IDELE', 'IDENT', 'PATEN', 'PASDI', 'PASSE', 'CIDIP', 'CERID', 'PATNA'];

export function documentTypeLabel(code: string): string | null {
  switch (code) {
    case 'PASOR':
      return t`Passport`;
    case 'IDELE':
      return t`Electronic identity card`;
    case 'IDENT':
      return t`Identity card`;
    case 'PATEN':
      return t`Driving licence`;
    case 'PASDI':
      return t`Diplomatic passport`;
    case 'PASSE':
      return t`Service passport`;
    case 'CIDIP':
      return t`Diplomatic identity card`;
    case 'CERID':
      return t`Identity certificate`;
    case 'PATNA':
      return t`Boating licence`;
    default:
      return null;
  }
}
