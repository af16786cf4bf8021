import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';

/** A read that failed: its message and a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-destructive">
        <Trans>The figures could not be loaded.</Trans>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
