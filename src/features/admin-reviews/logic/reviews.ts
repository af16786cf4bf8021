import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Tables } from '@/types/database';

/** The moderation tabs: pending = neither approved nor hidden. */
export const REVIEW_TABS = ['pending', 'approved', 'hidden'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

/** The tabs' names (render with i18n._). */
export const REVIEW_TAB_LABELS: Record<ReviewTab, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  hidden: msg`Hidden`,
};

/** The PostgREST filters of a tab. */
export function tabFilter(tab: ReviewTab): { approved?: boolean; hidden?: boolean } {
  switch (tab) {
    case 'pending':
      return { approved: false, hidden: false };
    case 'approved':
      return { approved: true };
    case 'hidden':
      return { hidden: true };
  }
}

export function readReviewTab(value: string | null): ReviewTab {
  return (REVIEW_TABS as readonly string[]).includes(value ?? '') ? (value as ReviewTab) : 'pending';
}

export type ReviewStay = {
  reference: string;
  check_in_date: string;
  check_out_date: string;
  room: { name: string; room_number: string } | null;
};

export type AdminReview = Tables<'reviews'> & { booking: ReviewStay | null };

export type ReviewCounts = Record<ReviewTab, number>;

/** The tab a review is listed under. */
export function reviewTab(review: Pick<AdminReview, 'approved' | 'hidden'>): ReviewTab {
  return review.approved ? 'approved' : review.hidden ? 'hidden' : 'pending';
}

/** The state a moderation action writes (approved and hidden exclude each other). */
export function moderationPatch(action: 'approve' | 'hide' | 'pending') {
  return {
    approve: { approved: true, hidden: false },
    hide: { approved: false, hidden: true },
    pending: { approved: false, hidden: false },
  }[action];
}

export const REPLY_MAX = 2000;
