import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useLocalizedPath } from '@/lib/i18n';

/** Under the guest's details: what the request's details are for, and the privacy notice. */
export function PrivacyNote() {
  const localized = useLocalizedPath();
  return (
    <p className="text-xs text-muted-foreground">
      <Trans>
        We use your details only to handle this request and your stay.{' '}
        <Link to={localized('/privacy')} target="_blank" className="underline hover:text-foreground">
          How we keep your data
        </Link>
      </Trans>
    </p>
  );
}
