import { Trans, useLingui } from '@lingui/react/macro';
import { Download, RefreshCw } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { csvDialect } from '@/lib/csv';
import { downloadCsv } from '@/lib/download-file';
import { useNearViewport } from '@/lib/use-near-viewport';
import { csvFileName, reportCsv, shown, type Column } from '../logic/csv';

export interface ReportState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface ReportCardProps<Row> {
  /** the anchor the dashboard links to (#occupancy …) and the CSV file's name */
  id: string;
  title: string;
  /** what the figures count, and what they leave out */
  note?: string;
  state: ReportState;
  /** the one-line reading in words */
  reading?: string;
  /** nothing to draw: the reading says why, no chart or table */
  empty: boolean;
  chart: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  period: { from: string; lastNight: string };
}

/** One report: title, reading, chart or table (the same figures), CSV download; loading, empty and error states. */
export function ReportCard<Row>({
  id,
  title,
  note,
  state,
  reading,
  empty,
  chart,
  columns,
  rows,
  period,
}: ReportCardProps<Row>) {
  const { t } = useLingui();
  const headingId = `${id}-title`;
  return (
    <Card id={id} role="region" aria-labelledby={headingId} className="min-w-0 scroll-mt-20">
      <CardHeader className="space-y-2">
        <CardTitle id={headingId} className="text-lg">
          {title}
        </CardTitle>
        {note && <CardDescription>{note}</CardDescription>}
        {state.isPending ? (
          <Skeleton className="h-4 w-2/3" />
        ) : state.isError ? null : (
          <p className="text-sm font-medium" data-testid="reading">
            {reading}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {state.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : state.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              <Trans>This report could not be loaded.</Trans>
            </span>
            <Button variant="outline" size="sm" onClick={() => state.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : empty ? null : (
          <Tabs defaultValue="chart">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <TabsList aria-label={t`${title}: view`}>
                <TabsTrigger value="chart">
                  <Trans>Chart</Trans>
                </TabsTrigger>
                <TabsTrigger value="table">
                  <Trans>Table</Trans>
                </TabsTrigger>
              </TabsList>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  downloadCsv(csvFileName(id, period.from, period.lastNight), reportCsv(columns, rows, csvDialect()))
                }
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                <Trans>
                  Download CSV<span className="sr-only"> of {title}</span>
                </Trans>
              </Button>
            </div>
            <TabsContent value="chart">
              <ChartWhenNear label={`${title}: ${reading ?? ''}`}>{chart}</ChartWhenNear>
            </TabsContent>
            <TabsContent value="table">
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`${title}: table`}>
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b text-left">
                      {columns.map((column) => (
                        <th key={column.label} scope="col" className="px-2 py-2 font-medium">
                          {column.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, index) => (
                      <tr key={index} className="border-b last:border-0">
                        {columns.map((column) => (
                          <td key={column.label} className="whitespace-nowrap px-2 py-1.5 tabular-nums">
                            {shown(column, row)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The chart's figure, drawn once it nears the viewport: the first render of a Recharts chart is the
 * screen's costliest work, so charts below the fold wait for the scroll instead of delaying the
 * first ones. The figure keeps its height meanwhile, so nothing moves.
 */
function ChartWhenNear({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, '300px');
  return (
    <figure ref={ref} className="h-72 w-full min-w-0" aria-label={label}>
      {near && children}
    </figure>
  );
}
