import { Mail, MapPin, Phone } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useHouseCancellation } from '@/lib/cancellation-terms';
import { useLocalizedPath } from '@/lib/i18n';
import { useSiteCompliance } from '@/lib/site-compliance';
import { useContactInfo } from '@/lib/site-content';
import { NAV_SECTIONS, telHref } from '../logic/site';
import { sectionHref, useSectionNav } from './use-section-nav';

export function Footer() {
  const contact = useContactInfo();
  const { cin } = useSiteCompliance();
  const cancellation = useHouseCancellation();
  const { goTo } = useSectionNav();
  const { t, i18n } = useLingui();
  const localized = useLocalizedPath();
  return (
    <footer id="footer" data-design-id="footer" className="bg-foreground py-12 text-background/90">
      <div className="container grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="font-serif text-xl font-bold text-background">Colosseum Guest House</p>
          <p className="mt-3 text-sm text-background/75">
            <Trans>A small, family-run guest house a five-minute walk from the Colosseum.</Trans>
            {cancellation && <span data-testid="footer-cancellation"> {cancellation}.</span>}
          </p>
        </div>
        <nav aria-label={t`Footer`}>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wide text-background">
            <Trans>Explore</Trans>
          </h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-2 text-sm">
            {NAV_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={localized(sectionHref(section.id))}
                  className="inline-flex min-h-10 items-center text-background/80 hover:text-background hover:underline"
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(section.id);
                  }}
                >
                  {i18n._(section.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wide text-background">
            <Trans>Contact</Trans>
          </h2>
          <ul className="mt-2 grid text-sm">
            <li className="flex min-h-10 items-center gap-2">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{contact.address}</span>
            </li>
            <li>
              <a href={telHref(contact.phone)} className="inline-flex min-h-10 items-center gap-2 hover:underline">
                <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
                {contact.phone}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${contact.email}`}
                className="inline-flex min-h-10 min-w-0 items-center gap-2 [overflow-wrap:anywhere] hover:underline"
              >
                <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0">{contact.email}</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container mt-10 flex flex-col gap-2 border-t border-background/20 pt-4 text-xs text-background/70 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
          <p>
            <Trans>© {new Date().getFullYear()} Colosseum Guest House, Rome</Trans>
          </p>
          {cin && (
            <p data-testid="footer-cin">
              <Trans>
                National identification code (CIN): <span className="font-mono">{cin}</span>
              </Trans>
            </p>
          )}
        </div>
        <div className="flex gap-4">
          <Link to={localized('/privacy')} className="inline-flex min-h-10 items-center hover:underline">
            <Trans>Privacy</Trans>
          </Link>
          <Link to={localized('/auth')} className="inline-flex min-h-10 items-center hover:underline">
            <Trans>Staff sign in</Trans>
          </Link>
        </div>
      </div>
    </footer>
  );
}
