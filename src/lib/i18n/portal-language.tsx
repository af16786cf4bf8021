// The staff portal's language (issue 43): the staff member's choice stored on their profile
// (profiles.portal_language, set through public.set_my_language), then the browser's languages,
// then Italian. The admin tree (src/app/AdminRoutes.tsx) sits inside `PortalLanguage`; the header's
// switch (src/features/admin-layout) calls `usePortalLanguage().choose`. Admin code only: the
// public pages' first load never carries it.
import { i18n } from '@lingui/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, Fragment, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuth } from '@/lib/auth/AuthProvider';
import { supabase } from '@/lib/supabase';
import { activateLocale } from './I18nProvider';
import { portalLocaleFor, type PortalLocale } from './locales';

export const portalLanguageKey = (userId: string) => ['auth', 'portal-language', userId] as const;

/** The stored choice of the signed-in account (null: none yet). */
async function storedChoice(userId: string): Promise<PortalLocale | null> {
  const { data, error } = await supabase.from('profiles').select('portal_language').eq('user_id', userId).maybeSingle();
  if (error) throw error;
  const value = data?.portal_language;
  return value === 'en' || value === 'it' ? value : null;
}

/** Stores the signed-in account's choice (its own only: the function changes the caller's row). */
export async function saveChoice(locale: PortalLocale | null): Promise<void> {
  const { error } = await supabase.rpc('set_my_language', { p_language: locale as string });
  if (error) throw error;
}

interface PortalLanguageValue {
  locale: PortalLocale;
  /** the staff member chose it (stored on their profile), rather than the browser */
  chosen: boolean;
  /** Shows the portal in this language and stores the choice; rejects when it could not be stored. */
  choose: (locale: PortalLocale) => Promise<void>;
}

const PortalLanguageContext = createContext<PortalLanguageValue | null>(null);

const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * Activates the portal's language (its catalogs, `<html lang>`) before the portal renders, and
 * renders it again from the top when the language changes, so every date, number and amount
 * (src/lib/i18n/portal-format.ts) is written in the new one.
 */
export function PortalLanguage({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: portalLanguageKey(userId ?? ''),
    queryFn: () => storedChoice(userId!),
    enabled: Boolean(userId),
    staleTime: Infinity,
    retry: 1,
  });
  // a failed read falls back to the browser's language: the portal still works
  const waiting = loading || (Boolean(userId) && stored.isPending);
  const locale = portalLocaleFor(stored.data, browserLanguages());
  const [active, setActive] = useState(() => i18n.locale);

  useEffect(() => i18n.on('change', () => setActive(i18n.locale)), []);

  useEffect(() => {
    if (waiting) return;
    document.documentElement.lang = locale;
    if (i18n.locale !== locale) void activateLocale(locale);
  }, [waiting, locale]);

  const choose = useCallback(
    async (next: PortalLocale) => {
      if (!userId) return;
      const key = portalLanguageKey(userId);
      const before = queryClient.getQueryData<PortalLocale | null>(key) ?? null;
      queryClient.setQueryData(key, next);
      try {
        await saveChoice(next);
        // rows a screen named while fetching ("Not given yet") are fetched again in the new language
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      } catch (error) {
        queryClient.setQueryData(key, before);
        throw error;
      }
    },
    [queryClient, userId],
  );

  const value = useMemo(
    () => ({ locale, chosen: stored.data !== null && stored.data !== undefined, choose }),
    [locale, stored.data, choose],
  );

  if (waiting || active !== locale) return <PageLoader />;
  return (
    <PortalLanguageContext.Provider value={value}>
      <Fragment key={locale}>{children}</Fragment>
    </PortalLanguageContext.Provider>
  );
}

export function usePortalLanguage(): PortalLanguageValue {
  const value = useContext(PortalLanguageContext);
  if (!value) throw new Error('usePortalLanguage must be used inside PortalLanguage');
  return value;
}
