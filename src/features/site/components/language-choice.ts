import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { activateLocale, type Locale } from '@/lib/i18n';
import { LANGUAGE_SUGGESTION_KEY } from '../logic/language';

/** Dismissals: in localStorage, or for this visit only where storage is unavailable. */
const listeners = new Set<() => void>();
let dismissedThisVisit = false;

export function isSuggestionDismissed(): boolean {
  if (dismissedThisVisit) return true;
  try {
    return window.localStorage.getItem(LANGUAGE_SUGGESTION_KEY) !== null;
  } catch {
    return false;
  }
}

export function dismissSuggestion(locale: Locale) {
  try {
    window.localStorage.setItem(LANGUAGE_SUGGESTION_KEY, locale);
  } catch {
    // storage unavailable (private mode): hidden for this visit only
    dismissedThisVisit = true;
  }
  listeners.forEach((listener) => listener());
}

export function subscribeSuggestion(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows a language link in this tab: the new language's catalog first, so the page renders in it at once. */
export function useLanguageNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>, locale: Locale, href: string) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    // a language chosen here is the visitor's choice: no suggestion of another one after it
    dismissSuggestion(locale);
    void activateLocale(locale).then(() => navigate(href));
  };
}
