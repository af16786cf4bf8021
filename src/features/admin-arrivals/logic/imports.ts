import Papa from 'papaparse';

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

export interface ImportResult {
  succeeded: boolean;
  rows_read: number;
  rows_rejected: number;
  rejected: { line: number; reason: string }[];
  message: string;
}

/** import_alloggiati_table's jsonb. */
export function parseImportResult(data: unknown): ImportResult {
  const value = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    succeeded: value.succeeded === true,
    rows_read: Number(value.rows_read) || 0,
    rows_rejected: Number(value.rows_rejected) || 0,
    rejected: Array.isArray(value.rejected) ? value.rejected : [],
    message: typeof value.message === 'string' ? value.message : '',
  };
}
