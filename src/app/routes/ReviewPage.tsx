import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocale } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { useReviewInvitation } from '@/features/guest-review/api/review';
import { ReviewForm } from '@/features/guest-review/components/ReviewForm';
import { ReviewLinkNotice } from '@/features/guest-review/components/ReviewLinkNotice';
import { linkNotice, type InvitationStatus } from '@/features/guest-review/logic/review';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { formatDay as stayDate } from '@/lib/time-left';

/** /review/<token>: the review form of one stay, or a plain page saying why the link does not work. */
export default function ReviewPage() {
  const { t } = useLingui();
  const locale = useLocale();
  usePageMeta(t`Review your stay · Colosseum Guest House`, t`Tell us about your stay at the Colosseum Guest House.`);
  const { token = '' } = useParams();
  const invitation = useReviewInvitation(token);
  const [done, setDone] = useState<'submitted' | InvitationStatus | null>(null);

  let body;
  if (done === 'submitted') {
    body = (
      <ReviewLinkNotice
        success
        title={t`Thank you for your review!`}
        text={t`We read every review before it appears on our website. We hope to welcome you back to Rome soon.`}
      />
    );
  } else if (done && done !== 'valid') {
    body = <ReviewLinkNotice {...linkNotice(done)} />;
  } else if (invitation.isPending) {
    body = (
      <div className="mx-auto max-w-2xl space-y-4" aria-busy="true" aria-label={t`Loading your stay`}>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (invitation.isError) {
    body = (
      <ReviewLinkNotice
        title={t`We could not open your review link`}
        text={refusalErrorText(invitation.error, locale) || t`Please try again in a few minutes.`}
      />
    );
  } else if (invitation.data.status !== 'valid') {
    body = <ReviewLinkNotice {...linkNotice(invitation.data.status)} />;
  } else {
    const stay = invitation.data;
    const guestName = stay.guest_name;
    body = (
      <div className="mx-auto max-w-2xl rounded-lg border bg-card p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold md:text-3xl">
          {guestName ? t`How was your stay, ${guestName}?` : t`How was your stay?`}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {stay.room_name}
          {stay.check_in_date && stay.check_out_date && (
            <>
              {' · '}
              {stayDate(stay.check_in_date, locale)} – {stayDate(stay.check_out_date, locale)}
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
