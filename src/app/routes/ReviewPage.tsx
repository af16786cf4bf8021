import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { formatISODate } from '@/lib/dates';
import { errorMessage } from '@/lib/postgrest-error';
import { usePageMeta } from '@/lib/use-page-meta';
import { useReviewInvitation } from '@/features/guest-review/api/review';
import { ReviewForm } from '@/features/guest-review/components/ReviewForm';
import { ReviewLinkNotice } from '@/features/guest-review/components/ReviewLinkNotice';
import { LINK_NOTICES, type InvitationStatus } from '@/features/guest-review/logic';

/** /review/<token>: the review form of one stay, or a plain page saying why the link does not work. */
export default function ReviewPage() {
  usePageMeta('Review your stay · Colosseum Guest House', 'Tell us about your stay at the Colosseum Guest House.');
  const { token = '' } = useParams();
  const invitation = useReviewInvitation(token);
  const [done, setDone] = useState<'submitted' | InvitationStatus | null>(null);

  let body;
  if (done === 'submitted') {
    body = (
      <ReviewLinkNotice
        success
        title="Thank you for your review!"
        text="We read every review before it appears on our website. We hope to welcome you back to Rome soon."
      />
    );
  } else if (done && done !== 'valid') {
    body = <ReviewLinkNotice {...LINK_NOTICES[done]} />;
  } else if (invitation.isPending) {
    body = (
      <div className="mx-auto max-w-2xl space-y-4" aria-busy="true" aria-label="Loading your stay">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (invitation.isError) {
    body = (
      <ReviewLinkNotice
        title="We could not open your review link"
        text={errorMessage(invitation.error) ?? 'Please try again in a few minutes.'}
      />
    );
  } else if (invitation.data.status !== 'valid') {
    body = <ReviewLinkNotice {...LINK_NOTICES[invitation.data.status]} />;
  } else {
    const stay = invitation.data;
    body = (
      <div className="mx-auto max-w-2xl rounded-lg border bg-card p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold md:text-3xl">
          How was your stay{stay.guest_name ? `, ${stay.guest_name}` : ''}?
        </h1>
        <p className="mt-2 text-muted-foreground">
          {stay.room_name}
          {stay.check_in_date && stay.check_out_date && (
            <>
              {' · '}
              {formatISODate(stay.check_in_date)} – {formatISODate(stay.check_out_date)}
            </>
          )}
        </p>
        <div className="mt-6">
          <ReviewForm token={token} guestName={stay.guest_name ?? ''} onDone={setDone} />
        </div>
      </div>
    );
  }

  return (
    <main id="main" className="min-h-screen bg-muted px-4 py-12 md:py-20">
      {body}
    </main>
  );
}
