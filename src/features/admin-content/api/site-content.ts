import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteContentKeys } from '@/lib/site-content';
import { supabase } from '@/lib/supabase';
import type { ContentEntry, ContentSaveRow } from '../content-logic';

export const contentKeys = {
  all: ['admin', 'site-content'] as const,
  list: () => [...contentKeys.all, 'list'] as const,
};

/** Every site text in every language, ordered by key. */
export function useContentEntries() {
  return useQuery({
    queryKey: contentKeys.list(),
    queryFn: async (): Promise<ContentEntry[]> => {
      const { data, error } = await supabase
        .from('site_content')
        .select('key, value, description, translations')
        .order('key');
      if (error) throw error;
      return data ?? [];
    },
  });
}

/**
 * Saves every changed entry in ONE upsert request: PostgREST runs it in one transaction (all or
 * none). Each row carries its English value and all its translations (see contentSaveRows).
 */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ContentSaveRow[]) => {
      if (changes.length === 0) return;
      const { error } = await supabase.from('site_content').upsert(changes, { onConflict: 'key' });
      if (error) throw error;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.list() }),
        // the public pages read the same texts
        queryClient.invalidateQueries({ queryKey: siteContentKeys.all }),
      ]),
  });
}
