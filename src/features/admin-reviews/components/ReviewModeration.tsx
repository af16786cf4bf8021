import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareQuote, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/AuthProvider';
import { toastError, toastSuccess } from '@/lib/toast';
import { REVIEW_LIST_LIMIT, reviewQueries, useDeleteReview, useUpdateReview } from '../api/reviews';
import { ManualReviewDialog } from './ManualReviewDialog';
import { ReplyDialog } from './ReplyDialog';
import { ReviewCard, type ReviewAction } from './ReviewCard';
import {
  moderationPatch,
  readReviewTab,
  REVIEW_TAB_LABELS,
  REVIEW_TABS,
  type AdminReview,
  type ReviewTab,
} from '../logic/reviews';

const EMPTY_TEXT: Record<ReviewTab, MessageDescriptor> = {
  pending: msg`No reviews are waiting. Guests get a review link when their stay is checked out.`,
  approved: msg`No approved reviews yet.`,
  hidden: msg`No hidden reviews.`,
};

const DONE_TEXT = {
  approve: msg`Review approved`,
  hide: msg`Review hidden`,
  pending: msg`Review moved back to Pending`,
};

export function ReviewModeration() {
  const { t, i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readReviewTab(searchParams.get('tab'));
  const { isAdmin } = useAuth();
  const list = useQuery(reviewQueries.list(tab));
  const counts = useQuery(reviewQueries.counts());
  const update = useUpdateReview();
  const remove = useDeleteReview();
  const [replyTo, setReplyTo] = useState<AdminReview | null>(null);
  const [adding, setAdding] = useState(false);

  function onAction(review: AdminReview, action: ReviewAction) {
    if (action === 'reply') {
      setReplyTo(review);
      return;
    }
    if (action === 'delete') {
      const guest = review.guest_name;
      if (!window.confirm(t`Delete the review of ${guest}? This cannot be undone.`)) return;
      remove.mutate(review.id, {
        onSuccess: () => toastSuccess(t`Review deleted`),
      });
      return;
    }
    update.mutate(
      { id: review.id, patch: moderationPatch(action) },
      {
        onSuccess: () => toastSuccess(i18n._(DONE_TEXT[action])),
        onError: (error) => toastError(t`Failed to update the review`, error),
      },
    );
  }

  const rows = list.data ?? [];
  const busyId = (update.isPending && update.variables?.id) || (remove.isPending && remove.variables) || null;

  const body = (
    <>
      {list.isPending ? (
        <ListSkeleton label={t`Loading reviews`} lines={['h-5 w-1/3', 'h-4 w-2/3', 'h-16 w-full']} />
      ) : rows.length === 0 ? (
        <EmptyState icon={MessageSquareQuote} title={i18n._(EMPTY_TEXT[tab])} />
      ) : (
        <div className="space-y-4">
          {rows.length === REVIEW_LIST_LIMIT && (
            <p className="text-sm text-muted-foreground">
              <Trans>Showing the newest {REVIEW_LIST_LIMIT} reviews.</Trans>
            </p>
          )}
          {rows.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              canDelete={isAdmin}
              busy={busyId === review.id}
              onAction={(action) => onAction(review, action)}
            />
          ))}
        </div>
      )}
    </>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">
            <Trans>Reviews</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Approve, hide and answer what guests write about their stay</Trans>
          </p>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>Add Review by Hand</Trans>
        </Button>
      </div>

      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === 'pending' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label={t`Review status`}>
          {REVIEW_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {i18n._(REVIEW_TAB_LABELS[value])}
              {counts.data && <span className="ml-1.5 tabular-nums">({counts.data[value]})</span>}
            </TabsTrigger>
          ))}
        </TabsList>
        {REVIEW_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === tab && body}
          </TabsContent>
        ))}
      </Tabs>

      <ReplyDialog review={replyTo} onClose={() => setReplyTo(null)} />
      <ManualReviewDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
