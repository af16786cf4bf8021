import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { useLocalizedPath } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundPage() {
  const location = useLocation();
  const { t } = useLingui();
  const localized = useLocalizedPath();
  usePageMeta(t`Page not found · Colosseum Guest House`, t`The page you were looking for does not exist.`);

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">
          <Trans>Oops! Page not found</Trans>
        </p>
        <Link
          to={localized('/')}
          className="inline-flex min-h-10 items-center text-primary underline hover:text-primary/80"
        >
          <Trans>Return to Home</Trans>
        </Link>
      </div>
    </main>
  );
}
