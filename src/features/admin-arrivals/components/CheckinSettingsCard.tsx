import { useQuery } from '@tanstack/react-query';
import { Loader2, Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { settingsQueries, useImportCodeTable, useSaveRetention } from '../api/settings';
import { parseCodeTable, type CodeTable, type ImportResult } from '../logic/imports';

const TABLES: { table: CodeTable; label: string }[] = [
  { table: 'comuni', label: 'Comuni' },
  { table: 'stati', label: 'Stati' },
  { table: 'documenti', label: 'Documenti' },
];

/** Identity data retention (admins change it) and the import of the portal's code tables (admins). */
export function CheckinSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const settings = useQuery(settingsQueries.settings());
  const imports = useQuery({ ...settingsQueries.imports(), enabled: isAdmin });
  const save = useSaveRetention();
  const importTable = useImportCodeTable();
  const [days, setDays] = useState<string | null>(null);
  const [result, setResult] = useState<{ table: CodeTable; result: ImportResult } | null>(null);
  const current = settings.data?.document_retention_days;
  const shown = days ?? (current !== undefined ? String(current) : '');

  const onSave = async () => {
    const value = Number(shown);
    if (!Number.isInteger(value) || value < 1 || value > 365) {
      toastFailure('Please enter a number of days from 1 to 365.');
      return;
    }
    try {
      await save.mutateAsync(value);
      setDays(null);
      toastSuccess('Retention saved', `Document numbers are erased ${value} days after departure.`);
    } catch (error) {
      toastFailure('Retention not saved', refusalMessage(error) ?? 'Please try again.', error);
    }
  };

  const onFile = (table: CodeTable) => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const rows = parseCodeTable(await file.text());
      const answer = await importTable.mutateAsync({ table, rows, fileName: file.name });
      setResult({ table, result: answer });
      if (answer.succeeded) toastSuccess(`${table} imported`, answer.message);
      else toastFailure(`${table} not imported`, answer.message);
    } catch (error) {
      toastFailure('Import failed', refusalMessage(error) ?? 'Please try again.', error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Check-in settings</CardTitle>
        <CardDescription>
          Identity document numbers are erased automatically a number of days after departure; names, dates and
          residence stay for the city-tax register and statistics.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm">
            <span className="block font-medium">Erase document numbers after (days)</span>
            <Input
              type="number"
              min={1}
              max={365}
              className="w-32"
              value={shown}
              disabled={!isAdmin}
              onChange={(event) => setDays(event.target.value)}
            />
          </label>
          {isAdmin && (
            <Button onClick={() => void onSave()} disabled={save.isPending || days === null}>
              Save
            </Button>
          )}
        </div>
        {isAdmin && (
          <div className="space-y-3">
            <h3 className="font-semibold">Alloggiati Web code tables</h3>
            <p className="text-sm text-muted-foreground">
              Download the tables from the portal (Tabelle) and import each file here. The current table stays until an
              import succeeds (at most 5% of rows rejected).
            </p>
            <div className="flex flex-wrap gap-3">
              {TABLES.map(({ table, label }) => (
                <label key={table} className="cursor-pointer">
                  <input
                    type="file"
                    accept=".csv,.txt,text/csv,text/plain"
                    className="sr-only"
                    onChange={(event) => void onFile(table)(event)}
                    disabled={importTable.isPending}
                    aria-label={`Import ${label}`}
                  />
                  <span className="inline-flex h-10 items-center gap-2 rounded-md border px-4 text-sm font-medium hover:bg-accent">
                    {importTable.isPending ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                    ) : (
                      <Upload className="h-4 w-4" aria-hidden="true" />
                    )}
                    Import {label}
                  </span>
                </label>
              ))}
            </div>
            {result && (
              <div className="rounded-md border p-3 text-sm" role="status">
                <p className="font-medium">
                  {result.table}: {result.result.rows_read} rows read, {result.result.rows_rejected} rejected.{' '}
                  {result.result.message}
                </p>
                {result.result.rejected.length > 0 && (
                  <ul className="mt-2 list-disc pl-5 text-muted-foreground">
                    {result.result.rejected.slice(0, 10).map((row) => (
                      <li key={row.line}>
                        Line {row.line}: {row.reason}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {imports.data && imports.data.length > 0 && (
              <ul className="text-sm text-muted-foreground" aria-label="Recent imports">
                {imports.data.map((row) => (
                  <li key={row.id}>
                    {new Date(row.created_at).toLocaleString('en-GB', { timeZone: 'Europe/Rome' })} · {row.table_name} ·{' '}
                    {row.file_name ?? 'file'} · {row.rows_read} read, {row.rows_rejected} rejected ·{' '}
                    {row.succeeded ? 'imported' : 'not imported'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
