import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect, selectOptions } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { useAuth } from '@/lib/auth/AuthProvider';
import { csvDialect } from '@/lib/csv';
import { todayISO } from '@/lib/dates';
import { downloadCsv } from '@/lib/download-file';
import { toastSuccess } from '@/lib/toast';
import { cityTaxQueries, useRecordRemittance, useRemoveRemittance } from '../api/city-tax';
import { parseEuros } from '../logic/csv';
import { useTaxFormat } from '../logic/format';
import { annualTotal, declarationCsv, modello21Csv, periodLabel, type AnnualRow } from '../logic/reports';
import { LoadFailed } from './LoadFailed';
import { TableFrame } from './TableFrame';

/** An admin records a payment made to Roma Capitale (pagoPA) for a quarter of the year. */
function RemittanceForm({ rows }: { rows: readonly AnnualRow[] }) {
  const { t } = useLingui();
  const record = useRecordRemittance();
  const today = todayISO();
  const quarters = rows.filter((row) => row.period_start <= today).map((row) => row.period_start);
  const [quarter, setQuarter] = useState(quarters[quarters.length - 1] ?? '');
  const [paidOn, setPaidOn] = useState(today);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState('');
  if (quarters.length === 0) return null;
  const chosen = quarters.includes(quarter) ? quarter : quarters[quarters.length - 1];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseEuros(amount);
    if (value === null || value <= 0) return setProblem(t`Enter the amount paid, e.g. 1250.00.`);
    if (!reference.trim()) return setProblem(t`Enter the payment's reference (IUV or receipt number).`);
    setProblem('');
    record.mutate(
      { period_start: chosen, paid_on: paidOn, amount_cents: value, reference: reference.trim() },
      { onSuccess: () => (toastSuccess(t`Payment to Roma Capitale recorded`), setAmount(''), setReference('')) },
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      aria-label={t`Payment to Roma Capitale`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="remit-quarter">
          <Trans>For the quarter</Trans>
        </Label>
        <NativeSelect
          id="remit-quarter"
          value={chosen}
          onChange={(e) => setQuarter(e.target.value)}
          options={selectOptions(quarters, (q) => periodLabel(q, 'quarter'))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="remit-paid-on">
          <Trans>Paid on</Trans>
        </Label>
        <Input id="remit-paid-on" type="date" value={paidOn} max={today} onChange={(e) => setPaidOn(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="remit-amount">
          <Trans>Amount (€)</Trans>
        </Label>
        <Input id="remit-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="remit-reference">
          <Trans>Reference (IUV)</Trans>
        </Label>
        <Input
          id="remit-reference"
          maxLength={100}
          autoComplete="off"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={record.isPending}>
        <Trans>Record payment</Trans>
      </Button>
      {problem && <p className="text-sm text-destructive sm:col-span-2 lg:col-span-5">{problem}</p>}
    </form>
  );
}

/** Modello 21 (conto giudiziale): per quarter, collected and paid over, with each payment. */
function Modello21({ year, rows }: { year: number; rows: readonly AnnualRow[] }) {
  const { t } = useLingui();
  const { cents, longDate } = useTaxFormat();
  const { isAdmin } = useAuth();
  const remove = useRemoveRemittance();
  const total = annualTotal(rows);
  const next = year + 1;
  return (
    <section className="space-y-3" aria-labelledby="modello-21">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="modello-21" className="font-semibold">
            <Trans>Modello 21 (conto giudiziale) {year}</Trans>
          </h3>
          <p className="text-sm text-muted-foreground">
            <Trans>
              The account of the city tax collected and paid over to Roma Capitale, due by 30 January {next}.
            </Trans>
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => downloadCsv(`modello-21-${year}.csv`, modello21Csv(rows, csvDialect()))}
        >
          <Trans>Download Modello 21 figures (CSV)</Trans>
        </Button>
      </div>
      <TableFrame label={t`Modello 21 ${year}`}>
        <DataTable
          columns={[t`Quarter`, t`Collected`, t`Paid over`, t`Payments`]}
          caption={t`Modello 21 ${year}, by quarter`}
        >
          {rows.map((row) => (
            <tr key={row.period_start} className="border-t align-top">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {periodLabel(row.period_start, 'quarter')}
              </th>
              <td className="py-2 pr-3">{cents(row.collected_cents)}</td>
              <td className={row.remitted_cents < row.collected_cents ? 'py-2 pr-3 text-destructive' : 'py-2 pr-3'}>
                {cents(row.remitted_cents)}
              </td>
              <td className="py-2">
                {row.remittances.length === 0 ? (
                  <span className="text-muted-foreground">{t`None recorded`}</span>
                ) : (
                  <ul className="space-y-1">
                    {row.remittances.map((payment) => {
                      const day = longDate(payment.paid_on);
                      const paid = cents(payment.amount_cents);
                      const reference = payment.reference;
                      return (
                        <li key={payment.id} className="flex flex-wrap items-center gap-2">
                          <span>
                            <Trans>
                              {paid} on {day}, {reference}
                            </Trans>
                          </span>
                          {isAdmin && (
                            <Button
                              variant="ghost"
                              size="sm"
                              disabled={remove.isPending}
                              aria-label={t`Remove the payment ${reference}`}
                              onClick={() =>
                                remove.mutate(payment.id, { onSuccess: () => toastSuccess(t`Payment removed`) })
                              }
                            >
                              <Trans>Remove</Trans>
                            </Button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
            </tr>
          ))}
          <tr className="border-t font-semibold">
            <th scope="row" className="py-2 pr-3 text-left">
              {t`Total`}
            </th>
            <td className="py-2 pr-3">{cents(total.collected_cents)}</td>
            <td className="py-2 pr-3">{cents(total.remitted_cents)}</td>
            <td className="py-2" />
          </tr>
        </DataTable>
      </TableFrame>
      {isAdmin && <RemittanceForm rows={rows} />}
    </section>
  );
}

/** The 30 June declaration's figures: nights, exempt, taxable, due, collected, paid over. */
function JuneDeclaration({ year, rows }: { year: number; rows: readonly AnnualRow[] }) {
  const { t } = useLingui();
  const { cents } = useTaxFormat();
  const total = annualTotal(rows);
  const next = year + 1;
  const lines = [
    ...rows.map((row) => ({ key: row.period_start, label: periodLabel(row.period_start, 'quarter'), ...row })),
    { key: 'total', label: t`Total`, ...total },
  ];
  return (
    <section className="space-y-3" aria-labelledby="june-declaration">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="june-declaration" className="font-semibold">
            <Trans>Annual declaration {year}</Trans>
          </h3>
          <p className="text-sm text-muted-foreground">
            <Trans>The declaration of the city tax to the Agenzia delle Entrate, due by 30 June {next}.</Trans>
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => downloadCsv(`city-tax-declaration-${year}.csv`, declarationCsv(rows, csvDialect()))}
        >
          <Trans>Download declaration figures (CSV)</Trans>
        </Button>
      </div>
      <TableFrame label={t`Annual declaration ${year}`}>
        <DataTable
          columns={[
            t`Quarter`,
            t`Arriving guests`,
            t`Person-nights`,
            t`Exempt nights`,
            t`Taxable nights`,
            t`Due`,
            t`Collected`,
            t`Paid over`,
          ]}
          caption={t`Annual declaration ${year}, by quarter`}
        >
          {lines.map((line) => (
            <tr key={line.key} className={line.key === 'total' ? 'border-t font-semibold' : 'border-t'}>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {line.label}
              </th>
              <td className="py-2 pr-3">{line.arriving_guests}</td>
              <td className="py-2 pr-3">{line.person_nights}</td>
              <td className="py-2 pr-3">{line.exempt_nights}</td>
              <td className="py-2 pr-3">{line.taxable}</td>
              <td className="py-2 pr-3">{cents(line.due_cents)}</td>
              <td className="py-2 pr-3">{cents(line.collected_cents)}</td>
              <td className="py-2">{cents(line.remitted_cents)}</td>
            </tr>
          ))}
        </DataTable>
      </TableFrame>
    </section>
  );
}

/** The year's declarations: the Modello 21 by 30 January and the declaration by 30 June, of the year before. */
export function AnnualDeclarations() {
  const thisYear = Number(todayISO().slice(0, 4));
  const [year, setYear] = useState(thisYear - 1);
  const annual = useQuery(cityTaxQueries.annual(year));
  const years = [0, 1, 2, 3, 4].map((back) => thisYear - back);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Year</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The figures of the year&apos;s two declarations, from the stays&apos; folios and the payments to Roma
            Capitale.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid max-w-40 gap-1.5">
          <Label htmlFor="tax-year">
            <Trans>Year</Trans>
          </Label>
          <NativeSelect
            id="tax-year"
            value={String(year)}
            onChange={(e) => setYear(Number(e.target.value))}
            options={selectOptions(
              years.map((y) => String(y)),
              (y) => y,
            )}
          />
        </div>
        {annual.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : annual.isError ? (
          <LoadFailed onRetry={() => void annual.refetch()} />
        ) : (
          <>
            <Modello21 year={year} rows={annual.data} />
            <JuneDeclaration year={year} rows={annual.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
