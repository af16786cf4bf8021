import { t } from '@lingui/core/macro';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';
/** The review form's limits; submit_review() checks the same ones. */
export const REVIEW_LIMITS = { commentMin: 20, commentMax: 2000, name: 100, country: 100 } as const;

type InvitationView = Database['public']['CompositeTypes']['review_invitation_view'];

/** What a review link is worth (public.review_link_status). */
export type InvitationStatus = Database['public']['Enums']['review_link_status'];

/**
 * review_invitation's answer (public.review_invitation_view): a valid link names the stay, every
 * field filled; any other link answers only its status.
 */
export type Invitation =
  | (Filled<InvitationView> & { status: 'valid' })
  | (Filled<InvitationView, Exclude<keyof InvitationView, 'status'>> & {
      status: Exclude<InvitationStatus, 'valid'>;
    });

/**
 * submit_review's answer (jsonb written as public.review_submit_answer): 'submitted', or why the
 * link no longer takes a review.
 */
export type SubmitAnswer = Filled<Database['public']['CompositeTypes']['review_submit_answer']>;

/** The plain page for a link that cannot take a review, in the active language (evaluated when called). */
export function linkNotice(status: Exclude<InvitationStatus, 'valid'>): { title: string; text: string } {
  switch (status) {
    case 'used':
      return {
        title: t`This review link has already been used`,
        text: t`Each stay can be reviewed once, and we already have the review for this one. Thank you!`,
      };
    case 'expired':
      return {
        title: t`This review link has expired`,
        text: t`Review links work for 30 days after check-out. If you would still like to tell us about your stay, write to us.`,
      };
    default:
      return {
        title: t`This review link is not valid`,
        text: t`Please check that you opened the whole link from our e-mail. If it still does not work, write to us.`,
      };
  }
}

/** A score from the form: '' (not given) or '1'..'5'. */
export type Score = '' | '1' | '2' | '3' | '4' | '5';

export interface ReviewValues {
  rating: Score;
  cleanliness: Score;
  location: Score;
  staff: Score;
  comment: string;
  name: string;
  country: string;
}

export interface ReviewPayload {
  p_token: string;
  p_rating: number;
  p_comment: string;
  p_guest_name: string;
  /** left out when not given (the function's default: none) */
  p_guest_location?: string;
  p_cleanliness_rating?: number;
  p_location_rating?: number;
  p_staff_rating?: number;
}

export const emptyReviewValues = (name = ''): ReviewValues => ({
  rating: '',
  cleanliness: '',
  location: '',
  staff: '',
  comment: '',
  name,
  country: '',
});

export type ReviewCheck =
  { ok: true; payload: ReviewPayload } | { ok: false; field: keyof ReviewValues; message: string };

const MARKUP = /<[A-Za-z/!?]/;

/** The form's checks, in the order of the fields (the server checks again); messages in the active language. */
export function checkReview(token: string, values: ReviewValues): ReviewCheck {
  const comment = values.comment.trim();
  const name = values.name.trim();
  const country = values.country.trim();
  const { commentMin, commentMax, name: nameMax, country: countryMax } = REVIEW_LIMITS;
  if (!values.rating) return { ok: false, field: 'rating', message: t`Please choose an overall rating.` };
  if (comment.length < commentMin)
    return { ok: false, field: 'comment', message: t`Please write at least ${commentMin} characters.` };
  if (comment.length > commentMax)
    return { ok: false, field: 'comment', message: t`Please use at most ${commentMax} characters.` };
  if (MARKUP.test(comment)) return { ok: false, field: 'comment', message: t`Please write plain text, without HTML.` };
  if (!name) return { ok: false, field: 'name', message: t`Please enter the name to show.` };
  if (name.length > nameMax || MARKUP.test(name))
    return { ok: false, field: 'name', message: t`Please use at most ${nameMax} characters of plain text.` };
  if (country.length > countryMax || MARKUP.test(country))
    return { ok: false, field: 'country', message: t`Please use at most ${countryMax} characters of plain text.` };
  const score = (value: Score) => (value === '' ? undefined : Number(value));
  return {
    ok: true,
    payload: {
      p_token: token,
      p_rating: Number(values.rating),
      p_comment: comment,
      p_guest_name: name,
      p_guest_location: country === '' ? undefined : country,
      p_cleanliness_rating: score(values.cleanliness),
      p_location_rating: score(values.location),
      p_staff_rating: score(values.staff),
    },
  };
}
