/** The review form's limits; submit_review() checks the same ones. */
export const REVIEW_LIMITS = { commentMin: 20, commentMax: 2000, name: 100, country: 100 } as const;

/** What review_invitation() answers for a link. */
export type InvitationStatus = 'valid' | 'used' | 'expired' | 'invalid';

export interface Invitation {
  status: InvitationStatus;
  guest_name?: string;
  room_name?: string;
  check_in_date?: string;
  check_out_date?: string;
  expires_at?: string;
}

const STATES: readonly InvitationStatus[] = ['valid', 'used', 'expired', 'invalid'];
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** review_invitation's answer (jsonb); anything unexpected counts as an invalid link. */
export function parseInvitation(data: unknown): Invitation {
  const value = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const status = STATES.find((state) => state === value.status) ?? 'invalid';
  if (status !== 'valid') return { status };
  return {
    status,
    guest_name: text(value.guest_name),
    room_name: text(value.room_name),
    check_in_date: text(value.check_in_date),
    check_out_date: text(value.check_out_date),
    expires_at: text(value.expires_at),
  };
}

/** submit_review's answer: 'submitted', or why the link no longer takes a review. */
export function parseSubmitStatus(data: unknown): 'submitted' | InvitationStatus {
  const status = data && typeof data === 'object' ? (data as Record<string, unknown>).status : undefined;
  return status === 'submitted' ? 'submitted' : (STATES.find((state) => state === status) ?? 'invalid');
}

/** The plain page for a link that cannot take a review. */
export const LINK_NOTICES: Record<Exclude<InvitationStatus, 'valid'>, { title: string; text: string }> = {
  invalid: {
    title: 'This review link is not valid',
    text: 'Please check that you opened the whole link from our e-mail. If it still does not work, write to us.',
  },
  used: {
    title: 'This review link has already been used',
    text: 'Each stay can be reviewed once, and we already have the review for this one. Thank you!',
  },
  expired: {
    title: 'This review link has expired',
    text: 'Review links work for 30 days after check-out. If you would still like to tell us about your stay, write to us.',
  },
};

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

/** The form's checks, in the order of the fields (the server checks again). */
export function checkReview(token: string, values: ReviewValues): ReviewCheck {
  const comment = values.comment.trim();
  const name = values.name.trim();
  const country = values.country.trim();
  if (!values.rating) return { ok: false, field: 'rating', message: 'Please choose an overall rating.' };
  if (comment.length < REVIEW_LIMITS.commentMin)
    return {
      ok: false,
      field: 'comment',
      message: `Please write at least ${REVIEW_LIMITS.commentMin} characters.`,
    };
  if (comment.length > REVIEW_LIMITS.commentMax)
    return { ok: false, field: 'comment', message: `Please use at most ${REVIEW_LIMITS.commentMax} characters.` };
  if (MARKUP.test(comment)) return { ok: false, field: 'comment', message: 'Please write plain text, without HTML.' };
  if (!name) return { ok: false, field: 'name', message: 'Please enter the name to show.' };
  if (name.length > REVIEW_LIMITS.name || MARKUP.test(name))
    return { ok: false, field: 'name', message: `Please use at most ${REVIEW_LIMITS.name} characters of plain text.` };
  if (country.length > REVIEW_LIMITS.country || MARKUP.test(country))
    return {
      ok: false,
      field: 'country',
      message: `Please use at most ${REVIEW_LIMITS.country} characters of plain text.`,
    };
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
