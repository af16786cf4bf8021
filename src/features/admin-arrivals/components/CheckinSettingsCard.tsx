import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { settingsQueries, useImportCodeTable, useSaveRetention } from '../api/settings';
import { romeTime } from '../logic/days';
import { parseCodeTable, type CodeTable, type ImportResult } from '../logic/imports';

// the portal's own names of its tables (Italian in every language)
const TABLES: { table: CodeTable; label: string }[] = [
  { table: 'comuni', label: 'Comuni' },
  { table: 'stati', label: 'Stati' },
  { table: 'documenti', label: 'Documenti' },
];

/** Identity data retention (admins change it) and the import of the portal's code tables (admins). */
export function CheckinSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useLingui();
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
      toastFailure(t`Please enter a number of days from 1 to 365.`);
      return;
    }
    try {
      await save.mutateAsync(value);
      setDays(null);
      toastSuccess(
        t`Retention saved`,
        plural(value, {
          one: 'Document numbers are erased # day after departure.',
          other: 'Document numbers are erased # days after departure.',
        }),
      );
    } catch (error) {
      toastFailure(t`Retention not saved`, refusalMessage(error) ?? t`Please try again.`, error);
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
      const label = TABLES.find((row) => row.table === table)?.label ?? table;
      if (answer.succeeded) toastSuccess(t`${label} imported`, answer.message);
      else toastFailure(t`${label} not imported`, answer.message);
    } catch (error) {
      toastFailure(t`Import failed`, refusalMessage(error) ?? t`Please try again.`, error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Check-in settings</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Identity document numbers are erased automatically a number of days after departure; names, dates and
            residence stay for the city-tax register and statistics.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm">
            <span className="block font-medium">
              <Trans>Erase document numbers after (days)</Trans>
            </span>
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
              <Trans>Save</Trans>
            </Button>
          )}
        </div>
        {isAdmin && (
          <div className="space-y-3">
            <h3 className="font-semibold">
              <Trans>Alloggiati Web code tables</Trans>
            </h3>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Download the tables from the portal (Tabelle) and import each file here. The current table stays until
                an import succeeds (at most 5% of rows rejected).
              </Trans>
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
                    aria-label={t`Import ${label}`}
                  />
                  <span className="inline-flex h-10 items-center gap-2 rounded-md border px-4 text-sm font-medium hover:bg-accent">
                    {importTable.isPending ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                    ) : (
                      <Upload className="h-4 w-4" aria-hidden="true" />
                    )}
                    <Trans>Import {label}</Trans>
                  </span>
                </label>
              ))}
            </div>
            {result && (
              <div className="rounded-md border p-3 text-sm" role="status">
                <p className="font-medium">
                  <ImportCounts
                    table={result.table}
                    read={result.result.rows_read}
                    rejected={result.result.rows_rejected}
                  />{' '}
                  {result.result.message}
                </p>
                {result.result.rejected.length > 0 && (
                  <ul className="mt-2 list-disc pl-5 text-muted-foreground">
                    {result.result.rejected.slice(0, 10).map((row) => (
                      <li key={row.line}>
                        <Trans>
                          Line {row.line}: {row.reason}
                        </Trans>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {imports.data && imports.data.length > 0 && (
              <ul className="text-sm text-muted-foreground" aria-label={t`Recent imports`}>
                {imports.data.map((row) => {
                  const read = row.rows_read;
                  const rejected = row.rows_rejected;
                  return (
                    <li key={row.id}>
                      {romeTime(row.created_at, i18n.locale)} · {row.table_name} · {row.file_name ?? t`file`} ·{' '}
                      {t`${read} read, ${rejected} rejected`} · {row.succeeded ? t`imported` : t`not imported`}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** "stati: 236 rows read, 0 rejected." */
function ImportCounts({ table, read, rejected }: { table: string; read: number; rejected: number }) {
  return (
    <Trans>
      {table}: {read} rows read, {rejected} rejected.
    </Trans>
  );
}
