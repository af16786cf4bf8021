import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DataTable } from '@/components/ui/table';
import { useAuth } from '@/lib/auth/AuthProvider';
import { formatISODate } from '@/lib/dates';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';
import { cityTaxQueries, useAddRate } from '../api/city-tax';
import { parseEuros } from '../logic/csv';
import { TableFrame } from './TableFrame';

/** The rates with their validity (history kept); admins add a rate from a date. */
export function RatesCard() {
  const rates = useQuery(cityTaxQueries.rates());
  const { isAdmin } = useAuth();
  const add = useAddRate();
  const [from, setFrom] = useState('');
  const [amount, setAmount] = useState('');
  const [maxNights, setMaxNights] = useState('10');
  const [age, setAge] = useState('10');
  const [problem, setProblem] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const cents = parseEuros(amount);
    if (!from || cents === null || cents < 0) return setProblem('Enter the first night and the amount, e.g. 6.00.');
    setProblem('');
    add.mutate(
      { valid_from: from, amount_cents: cents, max_nights: Number(maxNights), exempt_under_age: Number(age) },
      { onSuccess: () => (toastSuccess('City-tax rate added'), setFrom(''), setAmount('')) },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Rates</CardTitle>
        <CardDescription>Per person and night. A rate applies to the nights between its dates.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <TableFrame label="Rates">
          <DataTable columns={['Nights from', 'to', 'Per person per night', 'At most', 'Not due under']}>
            {(rates.data ?? []).map((rate) => (
              <tr key={rate.id} className="border-t">
                <td className="py-2 pr-3">{formatISODate(rate.valid_from)}</td>
                <td className="py-2 pr-3">{rate.valid_to ? formatISODate(rate.valid_to) : 'until changed'}</td>
                <td className="py-2 pr-3">{formatEuro(rate.amount_cents / 100)}</td>
                <td className="py-2 pr-3">{rate.max_nights} nights</td>
                <td className="py-2">age {rate.exempt_under_age}</td>
              </tr>
            ))}
          </DataTable>
        </TableFrame>
        {isAdmin && (
          <form
            onSubmit={onSubmit}
            className="grid grid-cols-1 gap-3 sm:grid-cols-5 sm:items-end"
            aria-label="New rate"
          >
            <div className="grid gap-1.5">
              <Label htmlFor="rate-from">New rate from</Label>
              <Input id="rate-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-amount">Per person per night (€)</Label>
              <Input id="rate-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-nights">Most nights charged</Label>
              <Input
                id="rate-nights"
                inputMode="numeric"
                value={maxNights}
                onChange={(e) => setMaxNights(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rate-age">Not due under age</Label>
              <Input id="rate-age" inputMode="numeric" value={age} onChange={(e) => setAge(e.target.value)} />
            </div>
            <Button type="submit" disabled={add.isPending}>
              Add rate
            </Button>
            {problem && <p className="text-sm text-destructive sm:col-span-5">{problem}</p>}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
