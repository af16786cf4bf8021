import { Languages, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { localizedPath, useLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { suggestedLocale, SUGGESTION_TEXTS } from '../logic/language';
import {
  dismissSuggestion as dismiss,
  isSuggestionDismissed as isDismissed,
  subscribeSuggestion as subscribe,
  useLanguageNavigation,
} from './language-choice';

/**
 * "Questo sito è disponibile in italiano": offered when the browser prefers Italian or French and
 * the page is in another language; never a redirect. The prerendered HTML and the hydrating
 * render show nothing (the server snapshot); the browser's languages are read after that. A
 * dismissal is remembered.
 */
export default function LanguageSuggestion({ className }: { className?: string }) {
  const locale = useLocale();
  const location = useLocation();
  const follow = useLanguageNavigation();
  const suggestion = useSyncExternalStore(
    subscribe,
    () => (isDismissed() ? null : suggestedLocale(navigator.languages, locale)),
    () => null,
  );

  if (suggestion !== 'it' && suggestion !== 'fr') return null;
  const text = SUGGESTION_TEXTS[suggestion];
  const href = `${localizedPath(location.pathname, suggestion)}${location.search}${location.hash}`;

  return (
    <aside lang={suggestion} aria-label={text.message} className="border-b bg-accent text-accent-foreground">
      <div className={cn('container flex items-center gap-2 py-1 text-sm', className)}>
        <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          {text.message}{' '}
          <a
            href={href}
            hrefLang={suggestion}
            className="inline-flex min-h-10 items-center font-semibold underline underline-offset-4"
            onClick={(event) => follow(event, suggestion, href)}
          >
            {text.link}
          </a>
        </p>
        <button
          type="button"
          onClick={() => dismiss(suggestion)}
          aria-label={text.dismiss}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-background/60"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
