import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { todayISO } from '@/lib/dates';
import { csvDialect } from '@/lib/csv';
import { downloadCsv } from '@/lib/download-file';
import { cityTaxQueries } from '../api/city-tax';
import { useTaxFormat } from '../logic/format';
import { periodLabel, periodsCsv, quarterDueDate, quarterOf, registerCsv } from '../logic/reports';
import { AnnualDeclarations } from './AnnualDeclarations';
import { IstatMovement } from './IstatMovement';
import { LoadFailed } from './LoadFailed';
import { PeriodTable } from './PeriodTable';
import { RatesCard } from './RatesCard';
import { StayLines } from './StayLines';

/** The last eight quarters, newest first, as their first day. */
function recentQuarters(today: string): string[] {
  const { from } = quarterOf(today);
  const [year, month] = from.split('-').map(Number);
  return Array.from({ length: 8 }, (_, i) => {
    const index = year * 4 + (month - 1) / 3 - i;
    return `${Math.floor(index / 4)}-${String((index % 4) * 3 + 1).padStart(2, '0')}-01`;
  });
}

/** City tax & ISTAT: the quarter's GECOS figures, its stays, the year's declarations, the rates, ISTAT. */
export function CityTaxScreen() {
  const { t } = useLingui();
  const { longDate } = useTaxFormat();
  const today = todayISO();
  const quarters = recentQuarters(today);
  // the quarter to declare: the one before this one until its due day has passed
  const [quarter, setQuarter] = useState(quarterDueDate(quarters[1]) >= today ? quarters[1] : quarters[0]);
  const { from, to } = quarterOf(quarter);
  const months = useQuery(cityTaxQueries.periods(from, to, 'month'));
  const stays = useQuery(cityTaxQueries.register(from, to));
  const label = periodLabel(quarter, 'quarter');
  const file = quarter.slice(0, 7);
  const due = longDate(quarterDueDate(quarter));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">{t`City tax & ISTAT`}</h1>
        <p className="text-muted-foreground">
          <Trans>
            Rome&apos;s contributo di soggiorno: what is due and collected, the GECOS figures and the ISTAT movement
          </Trans>
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Quarter</Trans>
          </CardTitle>
          <CardDescription data-testid="quarter-due">
            <Trans>
              Declare these figures on GECOS and pay Roma Capitale by {due}, the 16th of the month after the quarter.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="tax-quarter">
                <Trans>Quarter</Trans>
              </Label>
              <NativeSelect
                id="tax-quarter"
                value={quarter}
                onChange={(e) => setQuarter(e.target.value)}
                options={selectOptions(quarters, (q) => periodLabel(q, 'quarter'))}
              />
            </div>
            <Button
              variant="outline"
              disabled={!months.data}
              onClick={() => downloadCsv(`city-tax-${file}.csv`, periodsCsv(months.data ?? [], csvDialect()))}
            >
              <Trans>Download GECOS figures (CSV)</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={!stays.data}
              onClick={() => downloadCsv(`city-tax-stays-${file}.csv`, registerCsv(stays.data ?? [], csvDialect()))}
            >
              <Trans>Download stays (CSV)</Trans>
            </Button>
          </div>
          {months.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : months.isError ? (
            <LoadFailed onRetry={() => void months.refetch()} />
          ) : (
            <PeriodTable rows={months.data} period="month" caption={t`City tax, ${label}, by month`} />
          )}
          <h2 className="pt-2 text-lg font-semibold">
            <Trans>Stays</Trans>
          </h2>
          {stays.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : stays.isError ? (
            <LoadFailed onRetry={() => void stays.refetch()} />
          ) : (
            <StayLines lines={stays.data} />
          )}
        </CardContent>
      </Card>

      <AnnualDeclarations />
      <RatesCard />
      <IstatMovement defaultMonth={today} />
    </div>
  );
}
