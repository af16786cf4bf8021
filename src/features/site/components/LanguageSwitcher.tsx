import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router-dom';
import { LOCALE_NAMES, useLocale } from '@/lib/i18n';
import { useHydrated } from '@/lib/ssr';
import { cn } from '@/lib/utils';
import { languageLinks } from '../logic/language';
import { useLanguageNavigation } from './language-choice';

/** The same page in English, Italian and French; the current one is marked. */
export function LanguageSwitcher({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { t } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  // A prerendered page was written without a query or hash: the links add the visitor's once
  // hydrated (rendering them during hydration would not match the HTML).
  const hydrated = useHydrated();
  const here = hydrated ? location : { ...location, search: '', hash: '' };
  const follow = useLanguageNavigation();

  return (
    <nav aria-label={t`Language`} className={className}>
      <ul className="flex items-center gap-1">
        {languageLinks(here, locale).map((link) => (
          <li key={link.locale}>
            <a
              href={link.href}
              lang={link.locale}
              hrefLang={link.locale}
              aria-current={link.current ? 'true' : undefined}
              className={cn(
                'inline-flex items-center justify-center rounded-md px-2 hover:underline',
                link.current && 'font-semibold underline underline-offset-4',
                linkClassName,
              )}
              onClick={(event) => follow(event, link.locale, link.href)}
            >
              {LOCALE_NAMES[link.locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
