import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/form-field';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateReview } from '../api/reviews';
import { REPLY_MAX, type AdminReview } from '../logic/reviews';

/** The host's answer to a review, shown under it on the site; saving it empty removes it. */
export function ReplyDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const { t } = useLingui();
  const guest = review?.guest_name ?? '';
  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Reply to ${guest}`}</DialogTitle>
          <DialogDescription>
            <Trans>
              Your answer appears under the review on the website once the review is approved. Plain text only.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {review && <ReplyForm key={review.id} review={review} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateReview();
  const [reply, setReply] = useState(review.host_reply ?? '');
  const trimmed = reply.trim();
  const markup = /<[A-Za-z/!?]/.test(trimmed);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (markup) return;
    update.mutate(
      { id: review.id, patch: { host_reply: trimmed === '' ? null : trimmed } },
      {
        onSuccess: () => {
          toastSuccess(trimmed === '' ? t`Reply removed` : t`Reply saved`);
          onDone();
        },
        onError: (error) => toastError(t`Failed to save the reply`, error),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <blockquote className="max-h-32 overflow-y-auto whitespace-pre-line border-l-2 pl-3 text-sm text-muted-foreground">
        {review.comment}
      </blockquote>
      <TextareaField
        id="review-reply"
        label={t`Your reply`}
        error={markup ? t`Please write plain text, without HTML.` : undefined}
        hint={t`${trimmed.length} / ${REPLY_MAX} characters`}
        rows={5}
        maxLength={REPLY_MAX}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
      />
      <DialogActions label={t`Save Reply`} pending={update.isPending} disabled={markup} onCancel={onDone} />
    </form>
  );
}
