import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/i18n';

/** The button-styled link back to the home page in the page's language, at the end of a notice page. */
export function HomeButton({
  children,
  size,
  back = false,
}: {
  children: ReactNode;
  size?: 'lg';
  /** with an arrow pointing back */
  back?: boolean;
}) {
  const localized = useLocalizedPath();
  return (
    <Button asChild size={size} className="mt-6">
      <Link to={localized('/')}>
        {back && <ArrowLeft className="h-4 w-4" aria-hidden="true" />}
        {children}
      </Link>
    </Button>
  );
}
