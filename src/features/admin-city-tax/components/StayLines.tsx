import { Fragment, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, selectOptions } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DataTable } from '@/components/ui/table';
import { formatISODate } from '@/lib/dates';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';
import { useRecordCollection, useRecordExemption } from '../api/city-tax';
import { parseEuros } from '../logic/csv';
import { EXEMPTION_LABELS, EXEMPTION_REASONS, type ExemptionReason, type RegisterRow } from '../logic/reports';
import { TableFrame } from './TableFrame';

type Line = RegisterRow & { booking_id: string };
const cents = (value: number) => formatEuro(value / 100);

function RecordForms({ line, onDone }: { line: Line; onDone: () => void }) {
  const collect = useRecordCollection();
  const exempt = useRecordExemption();
  // what is still open on the stay's folio, wherever the rest was recorded (the booking card, the arrivals desk)
  const open = line.due_cents - line.collected_cents;
  const [amount, setAmount] = useState((open / 100).toFixed(2));
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [reason, setReason] = useState<ExemptionReason>('patient_companion');
  const [persons, setPersons] = useState('1');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const id = line.booking_id;

  function onCollect(event: FormEvent) {
    event.preventDefault();
    const value = parseEuros(amount);
    if (value === null || value === 0) return setProblem('Enter the amount collected, e.g. 18.00.');
    setProblem('');
    collect.mutate(
      { booking_id: id, amount_cents: value, method },
      { onSuccess: () => (toastSuccess('City tax collection recorded'), onDone()) },
    );
  }
  function onExempt(event: FormEvent) {
    event.preventDefault();
    exempt.mutate(
      { booking_id: id, reason, persons: Number(persons), note: note.trim() || null },
      { onSuccess: () => (toastSuccess('Exemption recorded'), onDone()) },
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 py-3 md:grid-cols-2">
      {open > 0 ? (
        <form onSubmit={onCollect} className="grid gap-2" aria-label={`Collection for ${line.reference}`}>
          <Label htmlFor={`amount-${id}`}>Collected (€)</Label>
          <Input id={`amount-${id}`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          {problem && <p className="text-sm text-destructive">{problem}</p>}
          <Label htmlFor={`method-${id}`}>Paid by</Label>
          <NativeSelect
            id={`method-${id}`}
            value={method}
            onChange={(e) => setMethod(e.target.value as 'cash' | 'card')}
          >
            <option value="cash">Cash</option>
            <option value="card">Card</option>
          </NativeSelect>
          <Button type="submit" disabled={collect.isPending}>
            Record collection
          </Button>
        </form>
      ) : (
        // the folio holds every collection, the booking card's too: nothing is offered twice
        <p className="text-sm text-muted-foreground" data-testid={`collected-${id}`}>
          Collected in full on the stay&apos;s folio ({cents(line.collected_cents)}).
        </p>
      )}
      <form onSubmit={onExempt} className="grid gap-2" aria-label={`Exemption for ${line.reference}`}>
        <Label htmlFor={`reason-${id}`}>Exemption</Label>
        <NativeSelect
          id={`reason-${id}`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ExemptionReason)}
          options={selectOptions(EXEMPTION_REASONS, (value) => EXEMPTION_LABELS[value])}
        />
        <Label htmlFor={`persons-${id}`}>Persons</Label>
        <NativeSelect id={`persons-${id}`} value={persons} onChange={(e) => setPersons(e.target.value)}>
          {Array.from({ length: Math.max(line.persons, 1) }, (_, i) => (
            <option key={i + 1}>{i + 1}</option>
          ))}
        </NativeSelect>
        <Label htmlFor={`note-${id}`}>Note (declaration kept at the desk)</Label>
        <Input id={`note-${id}`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        <Button type="submit" variant="outline" disabled={exempt.isPending}>
          Record exemption
        </Button>
      </form>
    </div>
  );
}

/** The stays counted in the period: nights, taxable nights, due and collected, and the desk's records. */
export function StayLines({ lines }: { lines: readonly Line[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (lines.length === 0) return <p className="text-muted-foreground">No stay checked in or out in this period.</p>;
  return (
    <TableFrame label="Stays of the period">
      <DataTable
        columns={[
          'Booking',
          'Guest',
          'Stay',
          'Guests',
          'Taxable nights',
          'Due',
          'Collected',
          <span className="sr-only">Actions</span>,
        ]}
      >
        {lines.map((line) => (
          <Fragment key={line.booking_id}>
            <tr className="border-t" data-testid={`tax-line-${line.reference}`}>
              <td className="py-2 pr-3 font-mono">{line.reference}</td>
              <td className="py-2 pr-3">{line.guest_name}</td>
              <td className="py-2 pr-3">
                {formatISODate(line.check_in)} – {formatISODate(line.check_out)}
              </td>
              <td className="py-2 pr-3">{line.persons}</td>
              <td className="py-2 pr-3">{line.taxable}</td>
              <td className="py-2 pr-3">{cents(line.due_cents)}</td>
              <td className={line.collected_cents < line.due_cents ? 'py-2 pr-3 text-destructive' : 'py-2 pr-3'}>
                {cents(line.collected_cents)}
              </td>
              <td className="py-2 text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={open === line.booking_id}
                  onClick={() => setOpen(open === line.booking_id ? null : line.booking_id)}
                >
                  Record
                </Button>
              </td>
            </tr>
            {open === line.booking_id && (
              <tr>
                <td colSpan={8}>
                  <RecordForms line={line} onDone={() => setOpen(null)} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </DataTable>
    </TableFrame>
  );
}
