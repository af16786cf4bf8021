import { Trans } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';

export function PageLoader() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}
