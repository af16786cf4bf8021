import Papa from 'papaparse';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';

export type CodeTable = 'comuni' | 'stati' | 'documenti';

/**
 * The data rows of one of the portal's table files (CSV with a header row "Codice,Descrizione,…";
 * comma or semicolon, as saved): each row its fields as text, empty lines left out, the header
 * dropped. The database checks every field (import_alloggiati_table).
 */
export function parseCodeTable(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((row) => Array.isArray(row) && row.some((field) => field.trim() !== ''));
  if (rows.length > 0 && /^codice$/i.test(rows[0][0]?.trim() ?? '')) rows.shift();
  return rows;
}

type Composite = Database['public']['CompositeTypes'];

/**
 * import_alloggiati_table's answer (public.alloggiati_import_result): whether the table was
 * replaced, the lines read and rejected (the first 50 with their reason), in words.
 */
export type ImportResult = Omit<Filled<Composite['alloggiati_import_result']>, 'rejected'> & {
  rejected: Filled<Composite['alloggiati_import_rejection']>[];
};
