import { useMutation, useQuery } from '@tanstack/react-query';
import { publicDb } from '@/lib/public-db';
import type { Invitation, ReviewPayload, SubmitAnswer } from '../logic/review';

export const guestReviewKeys = {
  invitation: (token: string) => ['guest-review', 'invitation', token] as const,
};

/** Whether the link can take a review, and the stay it belongs to (review_invitation). */
export function useReviewInvitation(token: string) {
  return useQuery({
    queryKey: guestReviewKeys.invitation(token),
    queryFn: async (): Promise<Invitation> => {
      const { data, error } = await publicDb.rpc('review_invitation', { p_token: token });
      if (error) throw error;
      return data as Invitation;
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** Sends the review (submit_review); answers 'submitted', or why the link no longer takes one. */
export function useSubmitReview() {
  return useMutation({
    mutationFn: async (payload: ReviewPayload): Promise<SubmitAnswer['status']> => {
      const { data, error } = await publicDb.rpc('submit_review', payload);
      if (error) throw error;
      // jsonb (a link that takes no review answers its status, keeping the rate-limit hit)
      return (data as SubmitAnswer).status;
    },
  });
}
