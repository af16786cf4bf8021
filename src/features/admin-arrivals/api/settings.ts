import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { CodeTable, ImportResult } from '../logic/imports';
import { arrivalsKeys } from './arrivals';

export const settingsQueries = {
  /** checkin_settings: days after departure when document numbers are erased */
  settings: () =>
    queryOptions({
      queryKey: arrivalsKeys.settings(),
      queryFn: async () => {
        const { data, error } = await supabase.from('checkin_settings').select('document_retention_days').single();
        if (error) throw error;
        return data;
      },
    }),
  /** the latest imports of the code tables */
  imports: () =>
    queryOptions({
      queryKey: arrivalsKeys.imports(),
      queryFn: async () => {
        const { data, error } = await supabase
          .from('alloggiati_imports')
          .select('id, table_name, file_name, rows_read, rows_rejected, succeeded, created_at')
          .order('created_at', { ascending: false })
          .limit(6);
        if (error) throw error;
        return data;
      },
    }),
};

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: number) => {
      const { error } = await supabase
        .from('checkin_settings')
        .update({ document_retention_days: days })
        .eq('singleton', true);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: arrivalsKeys.settings() }),
  });
}

/** RPC import_alloggiati_table: replaces a code table in one transaction when the file is good. */
export function useImportCodeTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ table, rows, fileName }: { table: CodeTable; rows: string[][]; fileName: string }) => {
      const { data, error } = await supabase.rpc('import_alloggiati_table', {
        p_table: table,
        p_rows: rows,
        p_file_name: fileName,
      });
      if (error) throw error;
      // typed by public.alloggiati_import_result; no field is null (typed-answers-staff.test.ts)
      return data as ImportResult;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: arrivalsKeys.all }),
  });
}
