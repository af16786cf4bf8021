import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatAdminDate } from '@/lib/format-date';
import { reviewPath } from '@/lib/review-link';
import { toastError, toastSuccess } from '@/lib/toast';
import { useReviewLink } from '../api/reviews';

/**
 * On a checked-out booking: the stay's review link, for staff to pass on to the guest (copied to
 * the clipboard), or why it no longer works.
 */
export function ReviewLinkButton({ bookingId }: { bookingId: string }) {
  const [shown, setShown] = useState(false);
  const link = useReviewLink(bookingId, shown);

  if (!shown) {
    return (
      <Button size="sm" variant="outline" onClick={() => setShown(true)}>
        <Link2 className="h-4 w-4" aria-hidden="true" />
        Review Link
      </Button>
    );
  }
  if (link.isPending) return <p className="text-sm text-muted-foreground">Loading the review link…</p>;
  if (link.isError) return <p className="text-sm text-destructive">The review link could not be loaded.</p>;
  if (!link.data) return <p className="text-sm text-muted-foreground">This stay has no review link.</p>;
  if (link.data.status !== 'valid') {
    return (
      <p className="text-sm text-muted-foreground">
        {link.data.status === 'used' ? 'The guest has reviewed this stay.' : 'The review link has expired.'}
      </p>
    );
  }
  const url = `${window.location.origin}${reviewPath(link.data.token)}`;
  return (
    <div className="flex w-full flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Review link (valid until {formatAdminDate(link.data.expires_at)}):</span>
      <a href={url} className="break-all font-mono text-xs underline" target="_blank" rel="noreferrer">
        {url}
      </a>
      <Button
        size="sm"
        variant="ghost"
        onClick={() =>
          navigator.clipboard.writeText(url).then(
            () => toastSuccess('Review link copied'),
            (error: unknown) => toastError('Failed to copy the link', error),
          )
        }
      >
        <Copy className="h-4 w-4" aria-hidden="true" />
        Copy
      </Button>
    </div>
  );
}
