import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect, selectOptions } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { useAuth } from '@/lib/auth/AuthProvider';
import { todayISO } from '@/lib/dates';
import { toastSuccess } from '@/lib/toast';
import { cityTaxQueries, useAddRate, useSetCategory } from '../api/city-tax';
import { parseEuros } from '../logic/csv';
import { useTaxFormat } from '../logic/format';
import { CATEGORIES, categoryLabel, type Category } from '../logic/reports';
import { TableFrame } from './TableFrame';

/** The house's category today: the latest change on or before today. */
function categoryToday(rows: readonly { valid_from: string; category: string }[], today: string) {
  return rows.find((row) => row.valid_from <= today)?.category;
}

/** The house's category with its changes; an admin changes it from a date. */
function HouseCategory() {
  const { t } = useLingui();
  const { longDate } = useTaxFormat();
  const categories = useQuery(cityTaxQueries.categories());
  const { isAdmin } = useAuth();
  const change = useSetCategory();
  const today = todayISO();
  const [category, setCategory] = useState<Category>('affittacamere_2');
  const [from, setFrom] = useState('');
  const [problem, setProblem] = useState('');
  const rows = categories.data ?? [];
  const current = categoryToday(rows, today);
  const later = rows.filter((row) => row.valid_from > today);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!from) return setProblem(t`Enter the first night the category applies to.`);
    setProblem('');
    change.mutate(
      { category, valid_from: from },
      { onSuccess: () => (toastSuccess(t`The house's category is changed`), setFrom('')) },
    );
  }

  return (
    <div className="space-y-3">
      <h3 className="font-semibold">
        <Trans>The house&apos;s category</Trans>
      </h3>
      {categories.isPending ? (
        <Skeleton className="h-6 w-64" />
      ) : categories.isError ? (
        <p className="text-sm text-destructive">
          <Trans>The category could not be loaded.</Trans>
        </p>
      ) : (
        <p data-testid="house-category">
          {current ? categoryLabel(current) : <Trans>No category set: the city tax is not charged.</Trans>}
          {later.map((row) => {
            const name = categoryLabel(row.category);
            const day = longDate(row.valid_from);
            return (
              <span key={row.valid_from} className="block text-sm text-muted-foreground">
                <Trans>
                  {name} from {day}
                </Trans>
              </span>
            );
          })}
        </p>
      )}
      {isAdmin && (
        <form
          onSubmit={onSubmit}
          className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end"
          aria-label={t`Change the category`}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="category-new">
              <Trans>Category</Trans>
            </Label>
            <NativeSelect
              id="category-new"
              value={category}
              onChange={(e) => setCategory(e.target.value as Category)}
              options={selectOptions(CATEGORIES, categoryLabel)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="category-from">
              <Trans>From the night of</Trans>
            </Label>
            <Input id="category-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <Button type="submit" variant="outline" disabled={change.isPending}>
            <Trans>Change the category</Trans>
          </Button>
          {problem && <p className="text-sm text-destructive sm:col-span-3">{problem}</p>}
        </form>
      )}
    </div>
  );
}

/** Rome's rates per category with their validity (history kept); admins add a rate from a date. */
export function RatesCard() {
  const { t } = useLingui();
  const { cents, longDate } = useTaxFormat();
  const rates = useQuery(cityTaxQueries.rates());
  const { isAdmin } = useAuth();
  const add = useAddRate();
  const [category, setCategory] = useState<Category>('affittacamere_2');
  const [from, setFrom] = useState('');
  const [amount, setAmount] = useState('');
  const [maxNights, setMaxNights] = useState('10');
  const [age, setAge] = useState('10');
  const [problem, setProblem] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseEuros(amount);
    const nights = Number(maxNights);
    const under = Number(age);
    if (!from || value === null || value < 0) return setProblem(t`Enter the first night and the amount, e.g. 6.00.`);
    if (!Number.isInteger(nights) || nights < 1 || nights > 365 || !Number.isInteger(under) || under < 0 || under > 18)
      return setProblem(t`The nights charged are 1 to 365 and the age 0 to 18.`);
    setProblem('');
    add.mutate(
      { category, valid_from: from, amount_cents: value, max_nights: nights, exempt_under_age: under },
      { onSuccess: () => (toastSuccess(t`City-tax rate added`), setFrom(''), setAmount('')) },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Rates</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Roma Capitale&apos;s rates per person and night for each category (since 1 October 2023: Delib. 255/2023). A
            rate applies to the nights between its dates; the house pays its category&apos;s.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <HouseCategory />
        {rates.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : rates.isError ? (
          <p className="text-sm text-destructive">
            <Trans>The rates could not be loaded.</Trans>
          </p>
        ) : (
          <TableFrame label={t`Rates`}>
            <DataTable
              columns={[t`Category`, t`Nights from`, t`to`, t`Per person per night`, t`At most`, t`Not due under`]}
              caption={t`City-tax rates`}
            >
              {(rates.data ?? []).map((rate) => {
                const nights = rate.max_nights;
                const under = rate.exempt_under_age;
                return (
                  <tr key={rate.id} className="border-t">
                    <td className="py-2 pr-3">{categoryLabel(rate.category)}</td>
                    <td className="whitespace-nowrap py-2 pr-3">{longDate(rate.valid_from)}</td>
                    <td className="whitespace-nowrap py-2 pr-3">
                      {rate.valid_to ? longDate(rate.valid_to) : t`until changed`}
                    </td>
                    <td className="py-2 pr-3">{cents(rate.amount_cents)}</td>
                    <td className="py-2 pr-3">
                      <Plural value={nights} one="# night" other="# nights" />
                    </td>
                    <td className="py-2">
                      <Trans>age {under}</Trans>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          </TableFrame>
        )}
        {isAdmin && (
          <form
            onSubmit={onSubmit}
            className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
            aria-label={t`New rate`}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="rate-category">
                <Trans>Category</Trans>
              </Label>
              <NativeSelect
                id="rate-category"
                value={category}
                onChange={(e) => setCategory(e.target.value as Category)}
                options={selectOptions(CATEGORIES, categoryLabel)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-from">
                <Trans>New rate from</Trans>
              </Label>
              <Input id="rate-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-amount">
                <Trans>Per person per night (€)</Trans>
              </Label>
              <Input id="rate-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-nights">
                <Trans>Most nights charged</Trans>
              </Label>
              <Input
                id="rate-nights"
                inputMode="numeric"
                value={maxNights}
                onChange={(e) => setMaxNights(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-age">
                <Trans>Not due under age</Trans>
              </Label>
              <Input id="rate-age" inputMode="numeric" value={age} onChange={(e) => setAge(e.target.value)} />
            </div>
            <Button type="submit" disabled={add.isPending}>
              <Trans>Add rate</Trans>
            </Button>
            {problem && <p className="text-sm text-destructive sm:col-span-3 lg:col-span-6">{problem}</p>}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
