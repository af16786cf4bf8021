import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { siteContentKeys } from '@/lib/site-content';
import { supabase } from '@/lib/supabase';
import type { ContentEntry, ContentSaveRow } from '../logic/content';

/** Under the site-content root the public pages read (siteContentQuery): a save refreshes both. */
export const contentQueries = {
  all: () => siteContentKeys.all,
  /** every site text in every language, with its description, ordered by key */
  adminList: () =>
    queryOptions({
      queryKey: [...siteContentKeys.all, 'admin-list'],
      queryFn: async (): Promise<ContentEntry[]> => {
        const { data, error } = await supabase
          .from('site_content')
          .select('key, value, description, translations')
          .order('key');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load content` },
    }),
};

/**
 * Saves every changed entry in ONE upsert request: PostgREST runs it in one transaction (all or
 * none). Each row carries its English value and all its translations (see contentSaveRows).
 */
export function useSaveContent() {
  // the admin list and the public pages' texts
  return useRefreshingMutation(contentQueries.all(), {
    meta: { errorText: t`Failed to update content` },
    mutationFn: async (changes: ContentSaveRow[]) => {
      if (changes.length === 0) return;
      const { error } = await supabase.from('site_content').upsert(changes, { onConflict: 'key' });
      if (error) throw error;
    },
  });
}
