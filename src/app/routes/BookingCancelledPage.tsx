import { XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

/** Payment cancelled: nothing was charged; "Try Booking Again" goes home. */
export default function BookingCancelledPage() {
  usePageMeta('Booking cancelled · Colosseum Guest House', 'Your booking was cancelled and no payment was processed.');
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <XCircle className="mx-auto mb-4 h-14 w-14 text-destructive" aria-hidden="true" />
        <h1 className="text-3xl font-bold">Booking Cancelled</h1>
        <p className="mt-3 text-muted-foreground">Your booking was cancelled and no payment was processed.</p>
        <Link to="/" className={buttonClasses('default', 'lg') + ' mt-6'}>
          Try Booking Again
        </Link>
      </div>
    </main>
  );
}
