import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { useAuth } from '@/lib/auth/AuthProvider';
import { csvDialect } from '@/lib/csv';
import { downloadCsv } from '@/lib/download-file';
import { cityTaxQueries } from '../api/city-tax';
import { MOVEMENT_FORMATS, splitMovement, type MovementRow } from '../logic/istat';
import { Ross1000AccountCard } from './Ross1000AccountCard';
import { Ross1000Days } from './Ross1000Days';
import { TableFrame } from './TableFrame';

function MovementTable({ rows, label }: { rows: readonly MovementRow[]; label: string }) {
  const { t } = useLingui();
  if (rows.length === 0)
    return (
      <p className="text-muted-foreground">
        <Trans>None this month.</Trans>
      </p>
    );
  return (
    <TableFrame label={label}>
      <DataTable columns={[label, t`Arrivals`, t`Nights`]}>
        {rows.map((row) => (
          <tr key={row.code} className="border-t">
            <td className="py-2 pr-3">{row.label}</td>
            <td className="py-2 pr-3">{row.arrivals}</td>
            <td className="py-2">{row.nights}</td>
          </tr>
        ))}
      </DataTable>
    </TableFrame>
  );
}

/**
 * A month's arrivals and nights by country of residence and by Italian region, for ISTAT; the days
 * the web service sent to Ross1000 (staff retry one refused), and the Ross1000 account (admins).
 */
export function IstatMovement({ defaultMonth }: { defaultMonth: string }) {
  const { t } = useLingui();
  const { isAdmin } = useAuth();
  const [month, setMonth] = useState(defaultMonth.slice(0, 7));
  const valid = /^\d{4}-\d{2}$/.test(month);
  const first = `${month}-01`;
  const movement = useQuery({ ...cityTaxQueries.movement(first), enabled: valid });
  const { countries, regions } = splitMovement(movement.data ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>ISTAT movement</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Guests arriving in the month and nights spent in it, from the stays checked in or out. Sent each day to Ross
            1000-Lazio by its web service once the account is saved; otherwise type them into the portal.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="istat-month">
              <Trans>Month</Trans>
            </Label>
            <Input id="istat-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </div>
          {MOVEMENT_FORMATS.map((format) => (
            <Button
              key={format.id}
              variant="outline"
              disabled={!movement.data}
              onClick={() =>
                downloadCsv(format.fileName(first), format.write(first, movement.data ?? [], csvDialect()))
              }
            >
              {t`Download ${format.label}`}
            </Button>
          ))}
        </div>
        {movement.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <MovementTable rows={countries} label={t`Country of residence`} />
            <MovementTable rows={regions} label={t`Italian region (residents)`} />
          </div>
        )}
        {valid && <Ross1000Days month={first} />}
        {isAdmin && <Ross1000AccountCard />}
      </CardContent>
    </Card>
  );
}
