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
import { periodLabel, periodsCsv, quarterOf, registerCsv } from '../logic/reports';
import { IstatMovement } from './IstatMovement';
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

/** City tax & ISTAT: the quarter's GECOS figures, its stays, the year's summary, the rates, ISTAT. */
export function CityTaxScreen() {
  const today = todayISO();
  const quarters = recentQuarters(today);
  const [quarter, setQuarter] = useState(quarters[0]);
  const [year, setYear] = useState(today.slice(0, 4));
  const { from, to } = quarterOf(quarter);
  const months = useQuery(cityTaxQueries.periods(from, to, 'month'));
  const stays = useQuery(cityTaxQueries.register(from, to));
  const yearly = useQuery(cityTaxQueries.periods(`${year}-01-01`, `${year}-12-31`, 'quarter'));
  const label = periodLabel(quarter, 'quarter');
  const file = label.replace(' ', '-').toLowerCase();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">City tax &amp; ISTAT</h1>
        <p className="text-muted-foreground">
          Rome&apos;s contributo di soggiorno: what is due and collected, the GECOS figures and the ISTAT movement
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Quarter</CardTitle>
          <CardDescription>
            Declare these figures on GECOS and pay by the 16th of the month after the quarter.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="tax-quarter">Quarter</Label>
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
              Download GECOS figures (CSV)
            </Button>
            <Button
              variant="outline"
              disabled={!stays.data}
              onClick={() => downloadCsv(`city-tax-stays-${file}.csv`, registerCsv(stays.data ?? [], csvDialect()))}
            >
              Download stays (CSV)
            </Button>
          </div>
          {months.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <PeriodTable rows={months.data ?? []} period="month" caption={`City tax, ${label}, by month`} />
          )}
          <h2 className="pt-2 text-lg font-semibold">Stays</h2>
          {stays.isPending ? <Skeleton className="h-24 w-full" /> : <StayLines lines={stays.data ?? []} />}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Year</CardTitle>
          <CardDescription>
            The annual return (conto della gestione) to the Agenzia delle Entrate is due by 30 June of the next year.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="tax-year">Year</Label>
              <NativeSelect id="tax-year" value={year} onChange={(e) => setYear(e.target.value)}>
                {[0, 1, 2, 3].map((back) => {
                  const y = String(Number(today.slice(0, 4)) - back);
                  return <option key={y}>{y}</option>;
                })}
              </NativeSelect>
            </div>
            <Button
              variant="outline"
              disabled={!yearly.data}
              onClick={() => downloadCsv(`city-tax-${year}.csv`, periodsCsv(yearly.data ?? [], csvDialect()))}
            >
              Download the year (CSV)
            </Button>
          </div>
          {yearly.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <PeriodTable rows={yearly.data ?? []} period="quarter" caption={`City tax, ${year}, by quarter`} />
          )}
        </CardContent>
      </Card>

      <RatesCard />
      <IstatMovement defaultMonth={today} />
    </div>
  );
}
