import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { csvDialect } from '@/lib/csv';
import { downloadCsv } from '@/lib/download-file';
import { cityTaxQueries } from '../api/city-tax';
import { MOVEMENT_FORMATS, splitMovement, type MovementRow } from '../logic/istat';
import { TableFrame } from './TableFrame';

function MovementTable({ rows, label }: { rows: readonly MovementRow[]; label: string }) {
  if (rows.length === 0) return <p className="text-muted-foreground">None this month.</p>;
  return (
    <TableFrame label={label}>
      <DataTable columns={[label, 'Arrivals', 'Nights']}>
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

/** A month's arrivals and nights by country of residence and by Italian region, for ISTAT. */
export function IstatMovement({ defaultMonth }: { defaultMonth: string }) {
  const [month, setMonth] = useState(defaultMonth.slice(0, 7));
  const first = `${month}-01`;
  const movement = useQuery({ ...cityTaxQueries.movement(first), enabled: /^\d{4}-\d{2}$/.test(month) });
  const { countries, regions } = splitMovement(movement.data ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle>ISTAT movement</CardTitle>
        <CardDescription>
          Guests arriving in the month and nights spent in it, from the stays checked in or out. Type them into Ross
          1000-Lazio, or upload the file where it accepts one.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="istat-month">Month</Label>
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
              Download {format.label}
            </Button>
          ))}
        </div>
        {movement.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <MovementTable rows={countries} label="Country of residence" />
            <MovementTable rows={regions} label="Italian region (residents)" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
