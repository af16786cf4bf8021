import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { publishedDesignQuery } from '@/lib/design/published';
import { defaultDesign, parseDesign, type DesignDocument } from '@/lib/design/schema';
import { refusalMessage } from '@/lib/postgrest-error';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';

export interface Draft {
  design: DesignDocument;
  /** 0 while no draft was ever saved */
  revision: number;
}

/** Thrown when someone else saved the draft since this editor loaded it. */
export class DraftConflictError extends Error {}

/** Saves the draft on top of base revision; resolves to the new revision. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ design, baseRevision }: { design: DesignDocument; baseRevision: number }) => {
      const { data, error } = await supabase.rpc('save_design_draft', {
        p_document: design as never,
        p_base_revision: baseRevision,
      });
      if (error?.code === 'PT409') throw new DraftConflictError(refusalMessage(error) ?? error.message);
      if (error) throw error;
      return data;
    },
    onSuccess: (revision, { design }) => queryClient.setQueryData(designQueries.draft().queryKey, { design, revision }),
  });
}

export interface DesignVersion {
  number: number;
  note: string;
  createdAt: string;
  restoredFrom: number | null;
  author: string;
}

function usePublishMutation<T>(call: (input: T) => PromiseLike<{ data: number | null; error: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const { data, error } = await call(input);
      if (error) throw error;
      return data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: designQueries.versions().queryKey }),
        queryClient.invalidateQueries({ queryKey: publishedDesignQuery.queryKey }),
      ]),
  });
}

/** Publishes the draft at the given revision (admins only); resolves to the version number. */
export const usePublishDesign = () =>
  usePublishMutation(({ revision, note }: { revision: number; note: string }) =>
    supabase.rpc('publish_design', { p_base_revision: revision, p_note: note }),
  );

/** Publishes a copy of an earlier version (admins only). */
export const useRestoreVersion = () =>
  usePublishMutation((number: number) => supabase.rpc('restore_design_version', { p_number: number }));

export type FavoriteType = 'template' | 'component';
export type Favorites = Record<FavoriteType, Map<string, boolean>>;

export const designQueries = {
  all: () => ['design'] as const,
  /** the shared draft (the default look when nobody saved one yet) */
  draft: () =>
    queryOptions({
      queryKey: [...designQueries.all(), 'draft'],
      queryFn: async (): Promise<Draft> => {
        const { data, error } = await supabase.from('design_draft').select('document, revision').maybeSingle();
        if (error) throw error;
        if (!data) return { design: defaultDesign(), revision: 0 };
        const parsed = parseDesign(data.document);
        return { design: parsed.success ? parsed.design : defaultDesign(), revision: data.revision };
      },
      staleTime: Infinity,
    }),
  versions: () =>
    queryOptions({
      queryKey: [...designQueries.all(), 'versions'],
      queryFn: async (): Promise<DesignVersion[]> => {
        const { data, error } = await supabase
          .from('design_versions')
          .select('number, note, created_at, restored_from, created_by')
          .order('number', { ascending: false });
        if (error) throw error;
        const authorIds = [...new Set((data ?? []).map((v) => v.created_by).filter((id): id is string => id !== null))];
        const { data: profiles } = authorIds.length
          ? await supabase.from('profiles').select('user_id, name, email').in('user_id', authorIds)
          : { data: [] };
        const names = new Map((profiles ?? []).map((p) => [p.user_id, p.name || p.email || t`Unknown`]));
        return (data ?? []).map((v) => ({
          number: v.number,
          note: v.note,
          createdAt: v.created_at,
          restoredFrom: v.restored_from,
          author: (v.created_by && names.get(v.created_by)) || t`Deleted user`,
        }));
      },
    }),
  /** the signed-in user's favourite overrides (a missing row means the built-in default) */
  favorites: () =>
    queryOptions({
      queryKey: [...designQueries.all(), 'favorites'],
      queryFn: async (): Promise<Favorites> => {
        const { data, error } = await supabase.from('design_favorites').select('item_type, item_id, favorite');
        if (error) throw error;
        const favorites: Favorites = { template: new Map(), component: new Map() };
        for (const row of data ?? []) favorites[row.item_type as FavoriteType].set(row.item_id, row.favorite);
        return favorites;
      },
    }),
};

export function useSetFavorite() {
  return useRefreshingMutation(designQueries.favorites().queryKey, {
    meta: { errorText: t`Failed to save the favourite` },
    mutationFn: async ({ type, id, favorite }: { type: FavoriteType; id: string; favorite: boolean }) => {
      const { data: session } = await supabase.auth.getSession();
      const userId = session.session?.user.id;
      if (!userId) throw new Error('Not signed in');
      const { error } = await supabase
        .from('design_favorites')
        .upsert({ user_id: userId, item_type: type, item_id: id, favorite });
      if (error) throw error;
    },
  });
}
