import { Mail, MapPin, Menu, Phone, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/i18n';
import { useContactInfo } from '@/lib/site-content';
import { cn } from '@/lib/utils';
import { useBookingDialog } from '@/lib/booking-dialog';
import { NAV_SECTIONS, telHref } from '../logic/site';
import { LanguageSwitcher } from './LanguageSwitcher';
import { sectionHref, useSectionNav } from './use-section-nav';

// Shown only after mount, and to few visitors: its code loads on its own.
const LanguageSuggestion = lazy(() => import('./LanguageSuggestion'));

/** Contact line, section navigation (Home only in the mobile menu) and Book Now. */
export function Header() {
  const { t, i18n } = useLingui();
  const localized = useLocalizedPath();
  const contact = useContactInfo();
  const { onHome, goTo } = useSectionNav();
  const { openBooking, preloadBooking } = useBookingDialog();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navLink = (id: string, label: string, className: string) => (
    <a
      key={id}
      href={localized(sectionHref(id))}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        // Close the menu first: while open it pushes the page down, and the scroll target must be
        // measured on the page as it will be.
        flushSync(() => setMenuOpen(false));
        goTo(id);
      }}
    >
      {label}
    </a>
  );

  return (
    <header
      data-design-id="header"
      className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85"
    >
      {/* off the home page, its right end stays clear of the fixed Admin Portal button too */}
      <Suspense fallback={null}>
        <LanguageSuggestion className={cn(!onHome && 'pr-14 sm:pr-12 lg:pr-40')} />
      </Suspense>
      <div data-design-id="header-topbar" className="bg-primary text-primary-foreground">
        {/* Off the home page the fixed Admin Portal button (PublicLayout) sits at the bar's right end:
            the bar keeps that corner free at every width, so the button never covers its text. */}
        <div
          className={cn(
            'container flex min-h-8 flex-wrap items-center gap-x-4 gap-y-1 py-1.5 text-xs lg:gap-x-6 lg:text-sm',
            !onHome && 'pr-14 sm:pr-12 lg:pr-40',
          )}
        >
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span>{contact.address}</span>
          </span>
          <a href={telHref(contact.phone)} className="inline-flex items-center gap-1.5 hover:underline">
            <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="whitespace-nowrap">{contact.phone}</span>
          </a>
          <a href={`mailto:${contact.email}`} className="inline-flex min-w-0 items-center gap-1.5 hover:underline">
            <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{contact.email}</span>
          </a>
          <LanguageSwitcher className="ml-auto hidden md:block" linkClassName="min-h-6" />
        </div>
      </div>
      <div className="container flex h-16 items-center justify-between gap-4">
        <Link
          to={localized('/')}
          data-design-id="header-logo"
          aria-label="Colosseum Guest House"
          className="inline-flex min-h-10 shrink-0 items-center whitespace-nowrap font-serif font-bold leading-tight text-primary"
          onClick={() => onHome && goTo('hero')}
        >
          {/* Between 768 and 1023 px the navigation needs the room: the name stacks into a small lockup. */}
          <span className="text-lg sm:text-xl md:hidden lg:inline">Colosseum Guest House</span>
          <span className="hidden flex-col md:flex lg:hidden" aria-hidden="true">
            <span className="text-lg leading-none">Colosseum</span>
            <span className="mt-0.5 font-sans text-[0.625rem] font-semibold uppercase leading-none tracking-[0.22em]">
              Guest House
            </span>
          </span>
        </Link>
        <nav aria-label={t`Main`} className="hidden min-w-0 md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1 xl:gap-2">
            {NAV_SECTIONS.filter((section) => !section.mobileOnly).map((section) => (
              <li key={section.id}>
                {navLink(
                  section.id,
                  i18n._(section.label),
                  'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-foreground lg:px-3',
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <Button
            onClick={() => openBooking()}
            onPointerEnter={preloadBooking}
            onFocus={preloadBooking}
            className="hidden sm:inline-flex"
          >
            <Trans>Book Now</Trans>
          </Button>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t`Close menu` : t`Open menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <div id={menuId} hidden={!menuOpen} className="border-t bg-background md:hidden">
        <nav aria-label={t`Mobile`}>
          <ul className="container flex flex-col py-2">
            {NAV_SECTIONS.map((section) => (
              <li key={section.id}>
                {navLink(
                  section.id,
                  i18n._(section.label),
                  'block rounded-md px-2 py-3 text-base font-medium hover:bg-accent',
                )}
              </li>
            ))}
            <li className="py-2">
              <Button
                className="w-full"
                onClick={() => {
                  setMenuOpen(false);
                  openBooking();
                }}
              >
                <Trans>Book Now</Trans>
              </Button>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher className="container border-t py-2" linkClassName="min-h-10 px-3 text-base" />
      </div>
    </header>
  );
}
