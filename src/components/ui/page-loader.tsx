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

/** A lazily loaded section of a page while its code arrives: a small spinner in the page's column. */
export function SectionLoader() {
  return (
    <div className="container max-w-2xl">
      <div className="mt-6 flex justify-center py-4" role="status">
        <Loader2 className="h-5 w-5 animate-spin text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">
          <Trans>Loading…</Trans>
        </span>
      </div>
    </div>
  );
}
