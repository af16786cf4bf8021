import { Trans, useLingui } from '@lingui/react/macro';
import { BedDouble, Check, EyeOff, MessageCircleReply, RotateCcw, Star, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatAdminDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { REVIEW_TAB_LABELS, reviewTab, type AdminReview } from '../logic/reviews';

export type ReviewAction = 'approve' | 'hide' | 'pending' | 'reply' | 'delete';

function Stars({ rating, label }: { rating: number; label: string }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={t`${label}: ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn('h-4 w-4', i < rating ? 'fill-gold text-gold' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

/** One review for moderation: the guest's words, the stay, the host's reply and the actions. */
export function ReviewCard({
  review,
  canDelete,
  busy,
  onAction,
}: {
  review: AdminReview;
  canDelete: boolean;
  busy: boolean;
  onAction: (action: ReviewAction) => void;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const tab = reviewTab(review);
  const scores = [
    [t`Cleanliness`, review.cleanliness_rating],
    [t`Location`, review.location_rating],
    [t`Staff`, review.staff_rating],
  ] as const;

  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="space-y-1">
            <h2 id={titleId} className="font-sans text-lg font-semibold">
              {review.guest_name}
              {review.guest_location && (
                <span className="font-normal text-muted-foreground"> · {review.guest_location}</span>
              )}
            </h2>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Stars rating={review.rating} label={t`Overall`} />
              <span>{formatAdminDate(review.review_date)}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant={review.source === 'stay' ? 'default' : 'outline'}>
              {review.source === 'stay' ? t`Guest stay` : t`Entered by hand`}
            </Badge>
            <Badge variant={tab === 'approved' ? 'secondary' : tab === 'hidden' ? 'destructive' : 'outline'}>
              {i18n._(REVIEW_TAB_LABELS[tab])}
            </Badge>
          </div>
        </div>

        {review.booking ? (
          <p className="flex items-start gap-2 text-sm">
            <BedDouble className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              {review.booking.room
                ? `${review.booking.room.name} · ${t`Room ${review.booking.room.room_number}`}`
                : t`Room unknown`}
              {' · '}
              {formatAdminDate(review.booking.check_in_date)} – {formatAdminDate(review.booking.check_out_date)}
              {' · '}
              <span className="font-mono text-xs">{review.booking.reference}</span>
            </span>
          </p>
        ) : (
          review.source === 'stay' && (
            <p className="text-sm text-muted-foreground">
              <Trans>The stay has been deleted.</Trans>
            </p>
          )
        )}

        {scores.some(([, value]) => value !== null) && (
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {scores.map(([label, value]) =>
              value === null ? null : (
                <li key={label} className="flex items-center gap-2">
                  <span className="text-muted-foreground">{label}</span>
                  <Stars rating={value} label={label} />
                </li>
              ),
            )}
          </ul>
        )}

        <blockquote className="whitespace-pre-line border-l-2 pl-3 text-foreground/90">{review.comment}</blockquote>

        {review.host_reply && (
          <div className="rounded-md bg-muted p-3 text-sm">
            <p className="font-semibold">
              <Trans>Your reply</Trans>
              {review.host_reply_at && (
                <span className="font-normal text-muted-foreground"> · {formatAdminDate(review.host_reply_at)}</span>
              )}
            </p>
            <p className="mt-1 whitespace-pre-line">{review.host_reply}</p>
          </div>
        )}

        <div className="flex flex-wrap gap-2">
          {tab !== 'approved' && (
            <Button size="sm" disabled={busy} onClick={() => onAction('approve')}>
              <Check className="h-4 w-4" aria-hidden="true" />
              <Trans>Approve</Trans>
            </Button>
          )}
          {tab !== 'hidden' && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('hide')}>
              <EyeOff className="h-4 w-4" aria-hidden="true" />
              <Trans>Hide</Trans>
            </Button>
          )}
          {tab !== 'pending' && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('pending')}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              <Trans>Back to Pending</Trans>
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('reply')}>
            <MessageCircleReply className="h-4 w-4" aria-hidden="true" />
            {review.host_reply ? t`Edit Reply` : t`Reply`}
          </Button>
          {canDelete && (
            <Button
              size="sm"
              variant="outline"
              className="text-destructive"
              disabled={busy}
              onClick={() => onAction('delete')}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
