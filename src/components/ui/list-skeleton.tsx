import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface ListSkeletonProps {
  /** Said by screen readers while the list loads, e.g. "Loading bookings". */
  label: string;
  /** How many placeholder cards. */
  count?: number;
  /** One class list per placeholder line of a card (its width and height). */
  lines?: string[];
  /** Placeholder image on top of each card, for lists of pictures. */
  media?: boolean;
  /** The container's layout; a column of cards unless given (e.g. a grid). */
  className?: string;
  itemTestId?: string;
}

const DEFAULT_LINES = ['h-5 w-1/3', 'h-4 w-2/3', 'h-4 w-1/2'];

/** The cards a list shows while it loads. */
export function ListSkeleton({
  label,
  count = 3,
  lines = DEFAULT_LINES,
  media,
  className,
  itemTestId,
}: ListSkeletonProps) {
  return (
    <div className={className ?? 'space-y-4'} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={cn(media && 'overflow-hidden')} data-testid={itemTestId}>
          {media && <Skeleton className="aspect-[16/9] rounded-none" />}
          <CardContent className={cn('space-y-3', media ? 'pt-4' : 'pt-6')}>
            {lines.map((line, j) => (
              <Skeleton key={j} className={line} />
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
