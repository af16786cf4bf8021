import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea, selectOptions } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DataTable } from '@/components/ui/table';
import { todayISO } from '@/lib/dates';
import { toastSuccess } from '@/lib/toast';
import { useRecordCollection, useRecordExemption } from '../api/city-tax';
import { parseEuros } from '../logic/csv';
import { useTaxFormat } from '../logic/format';
import {
  EXEMPTION_REASONS,
  declarationHint,
  exemptionLabel,
  type ExemptionReason,
  type RegisterRow,
} from '../logic/reports';
import { TableFrame } from './TableFrame';

type Line = RegisterRow & { booking_id: string };

function CollectionForm({ line, onDone }: { line: Line; onDone: () => void }) {
  const { t } = useLingui();
  const { cents } = useTaxFormat();
  const collect = useRecordCollection();
  // what is still open on the stay's folio, wherever the rest was recorded (the booking card, the arrivals desk)
  const open = line.due_cents - line.collected_cents;
  const [amount, setAmount] = useState((open / 100).toFixed(2));
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [problem, setProblem] = useState('');
  const id = line.booking_id;
  const reference = line.reference;

  if (open <= 0) {
    // the folio holds every collection, the booking card's too: nothing is offered twice
    const paid = cents(line.collected_cents);
    return (
      <p className="text-sm text-muted-foreground" data-testid={`collected-${id}`}>
        <Trans>Collected in full on the stay&apos;s folio ({paid}).</Trans>
      </p>
    );
  }
  function onCollect(event: FormEvent) {
    event.preventDefault();
    const value = parseEuros(amount);
    if (value === null || value === 0) return setProblem(t`Enter the amount collected, e.g. 18.00.`);
    setProblem('');
    collect.mutate(
      { booking_id: id, amount_cents: value, method },
      { onSuccess: () => (toastSuccess(t`City tax collection recorded`), onDone()) },
    );
  }
  return (
    <form onSubmit={onCollect} className="grid content-start gap-2" aria-label={t`Collection for ${reference}`}>
      <Label htmlFor={`amount-${id}`}>
        <Trans>Collected (€)</Trans>
      </Label>
      <Input
        id={`amount-${id}`}
        inputMode="decimal"
        value={amount}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `amount-problem-${id}` : undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      {problem && (
        <p id={`amount-problem-${id}`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <Label htmlFor={`method-${id}`}>
        <Trans>Paid by</Trans>
      </Label>
      <NativeSelect id={`method-${id}`} value={method} onChange={(e) => setMethod(e.target.value as 'cash' | 'card')}>
        <option value="cash">{t`Cash`}</option>
        <option value="card">{t`Card`}</option>
      </NativeSelect>
      <Button type="submit" disabled={collect.isPending}>
        <Trans>Record collection</Trans>
      </Button>
    </form>
  );
}

/** Exempt guests with the guest's declaration (D.P.R. 445/2000): who signed, what they declared, when. */
function ExemptionForm({ line, onDone }: { line: Line; onDone: () => void }) {
  const { t } = useLingui();
  const exempt = useRecordExemption();
  const [reason, setReason] = useState<ExemptionReason>('patient_companion');
  const [persons, setPersons] = useState('1');
  const [name, setName] = useState('');
  const [declaration, setDeclaration] = useState('');
  const [declaredOn, setDeclaredOn] = useState(todayISO());
  const [problem, setProblem] = useState('');
  const id = line.booking_id;
  const reference = line.reference;

  function onExempt(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setProblem(t`Enter who signed the declaration.`);
    setProblem('');
    exempt.mutate(
      {
        booking_id: id,
        reason,
        persons: Number(persons),
        declarant_name: name.trim(),
        declaration: declaration.trim(),
        declared_on: declaredOn,
      },
      { onSuccess: () => (toastSuccess(t`Exemption recorded`), onDone()) },
    );
  }
  return (
    <form onSubmit={onExempt} className="grid content-start gap-2" aria-label={t`Exemption for ${reference}`}>
      <Label htmlFor={`reason-${id}`}>
        <Trans>Exemption</Trans>
      </Label>
      <NativeSelect
        id={`reason-${id}`}
        value={reason}
        onChange={(e) => setReason(e.target.value as ExemptionReason)}
        options={selectOptions(EXEMPTION_REASONS, exemptionLabel)}
      />
      <Label htmlFor={`persons-${id}`}>
        <Trans>Guests exempt</Trans>
      </Label>
      <NativeSelect id={`persons-${id}`} value={persons} onChange={(e) => setPersons(e.target.value)}>
        {Array.from({ length: Math.min(Math.max(line.persons, 1), 8) }, (_, i) => (
          <option key={i + 1}>{i + 1}</option>
        ))}
      </NativeSelect>
      <Label htmlFor={`declarant-${id}`}>
        <Trans>Declaration signed by</Trans>
      </Label>
      <Input
        id={`declarant-${id}`}
        maxLength={200}
        value={name}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `declarant-problem-${id}` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {problem && (
        <p id={`declarant-problem-${id}`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <Label htmlFor={`declaration-${id}`}>
        <Trans>What the guest declares</Trans>
      </Label>
      <Textarea
        id={`declaration-${id}`}
        maxLength={1000}
        rows={3}
        value={declaration}
        aria-describedby={`declaration-hint-${id}`}
        onChange={(e) => setDeclaration(e.target.value)}
      />
      <p id={`declaration-hint-${id}`} className="text-xs text-muted-foreground">
        {declarationHint(reason)} <Trans>Keep the signed form at the desk.</Trans>
      </p>
      <Label htmlFor={`declared-on-${id}`}>
        <Trans>Signed on</Trans>
      </Label>
      <Input
        id={`declared-on-${id}`}
        type="date"
        value={declaredOn}
        max={todayISO()}
        onChange={(e) => setDeclaredOn(e.target.value)}
      />
      <Button type="submit" variant="outline" disabled={exempt.isPending}>
        <Trans>Record exemption</Trans>
      </Button>
    </form>
  );
}

/** The stays counted in the period: nights, taxable nights, due and collected, and the desk's records. */
export function StayLines({ lines }: { lines: readonly Line[] }) {
  const { t } = useLingui();
  const { cents, shortDate } = useTaxFormat();
  const [open, setOpen] = useState<string | null>(null);
  const recordLabel = (reference: string) => t`Record for ${reference}`;
  if (lines.length === 0)
    return (
      <p className="text-muted-foreground">
        <Trans>No stay checked in or out in this period.</Trans>
      </p>
    );
  return (
    <TableFrame label={t`Stays of the period`}>
      <DataTable
        columns={[
          t`Booking`,
          t`Guest`,
          t`Stay`,
          t`Guests`,
          t`Taxable nights`,
          t`Due`,
          t`Collected`,
          <span className="sr-only">{t`Actions`}</span>,
        ]}
      >
        {lines.map((line) => (
          <Fragment key={line.booking_id}>
            <tr className="border-t" data-testid={`tax-line-${line.reference}`}>
              <td className="py-2 pr-3 font-mono">{line.reference}</td>
              <td className="py-2 pr-3">{line.guest_name}</td>
              <td className="whitespace-nowrap py-2 pr-3">
                {shortDate(line.check_in)} – {shortDate(line.check_out)}
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
                  aria-label={recordLabel(line.reference)}
                  onClick={() => setOpen(open === line.booking_id ? null : line.booking_id)}
                >
                  <Trans>Record</Trans>
                </Button>
              </td>
            </tr>
            {open === line.booking_id && (
              <tr>
                <td colSpan={8}>
                  <div className="grid grid-cols-1 gap-4 py-3 md:grid-cols-2">
                    <CollectionForm line={line} onDone={() => setOpen(null)} />
                    <ExemptionForm line={line} onDone={() => setOpen(null)} />
                  </div>
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </DataTable>
    </TableFrame>
  );
}
