import { ReviewModeration } from '@/features/admin-reviews/components/ReviewModeration';

/** /admin/reviews: approve, hide, answer and add guests' reviews. */
export default function ReviewsPage() {
  return <ReviewModeration />;
}
