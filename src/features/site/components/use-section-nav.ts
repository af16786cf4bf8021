import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { unlocalizedPath, useLocalizedPath } from '@/lib/i18n';
import { isBelowFold, requestBelowFold } from '../below-fold';

/** A home page section's address in English: `/` for the top, `/#rooms` for the others. */
export function sectionHref(id: string): string {
  return id === 'hero' ? '/' : `/#${id}`;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls smoothly to a home page section and moves focus there (for keyboard and screen readers). */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  return true;
}

/** Where the section starts on the page, or null when it is not there. */
function sectionTop(id: string): number | null {
  const element = document.getElementById(id);
  return element ? element.getBoundingClientRect().top + window.scrollY : null;
}

/** Counts section links: a newer one takes over from the one before, which stops following. */
let latestLink = 0;

/**
 * Keeps the scroll on its target for a moment: content above it may still grow while the page
 * scrolls (the booking form loads as it nears the viewport), which would leave the smooth scroll short.
 */
function followSection(id: string, link: number) {
  let last = sectionTop(id);
  const until = performance.now() + 2000;
  const tick = () => {
    const top = sectionTop(id);
    if (top === null || link !== latestLink) return;
    if (last !== null && Math.abs(top - last) > 1) scrollToSection(id);
    last = top;
    if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Scrolls once the section is drawn for real (below-the-fold sections may still be loading). */
function scrollWhenReady(id: string) {
  const link = ++latestLink;
  const ready = () => {
    const element = document.getElementById(id);
    return element !== null && !element.hasAttribute('data-placeholder');
  };
  if (ready()) {
    scrollToSection(id);
    followSection(id, link);
    return;
  }
  if (isBelowFold(id)) requestBelowFold();
  scrollToSection(id);
  let frames = 0;
  const tick = () => {
    if (link !== latestLink) return;
    if (ready()) {
      scrollToSection(id);
      followSection(id, link);
    } else if (frames++ < 240) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** On the home page a section link scrolls; elsewhere it navigates to "/#section" in the page's language. */
export function useSectionNav() {
  const location = useLocation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  // `/`, `/it/` and `/fr/` (and `/it`) are the home page
  const onHome = unlocalizedPath(location.pathname) === '/';
  const goTo = useCallback(
    (id: string) => {
      if (onHome && document.getElementById(id)) {
        scrollWhenReady(id);
        return;
      }
      navigate(localized(sectionHref(id)));
    },
    [navigate, onHome, localized],
  );
  return { onHome, goTo };
}
