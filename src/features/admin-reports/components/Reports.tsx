import { Trans, useLingui } from '@lingui/react/macro';
import { format } from 'date-fns';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { csvDialects, csvDialect, setCsvDialect, type CsvDialect } from '@/lib/csv';
import {
  customPeriod,
  lastNightOf,
  periodLabel,
  presetPeriod,
  presets,
  yearBefore,
  type Period,
  type PresetId,
} from '../logic/period';
import { GuestReports } from './GuestReports';
import { OccupancyReports } from './OccupancyReports';

const today = () => format(new Date(), 'yyyy-MM-dd');

/** The custom range's two dates and its Apply button. */
function CustomRange({ initial, onApply }: { initial: Period; onApply: (period: Period) => void }) {
  const { t } = useLingui();
  const [first, setFirst] = useState(initial.from);
  const [last, setLast] = useState(lastNightOf(initial));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = customPeriod(first, last);
    if ('error' in result) setError(result.error);
    else {
      setError(undefined);
      onApply(result);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t`Custom range`}>
      <Field label={t`First night`} error={error}>
        <FieldControl>
          <Input type="date" value={first} onChange={(event) => setFirst(event.target.value)} />
        </FieldControl>
      </Field>
      <Field label={t`Last night`}>
        <FieldControl>
          <Input type="date" value={last} onChange={(event) => setLast(event.target.value)} />
        </FieldControl>
      </Field>
      <Button type="submit">
        <Trans>Apply</Trans>
      </Button>
    </form>
  );
}

/** /admin/reports: occupancy, revenue, pace, stay patterns, outcomes, sources and countries. */
export function Reports() {
  const { t } = useLingui();
  const [preset, setPreset] = useState<PresetId>('last12');
  const [custom, setCustom] = useState<Period | null>(null);
  const [compare, setCompare] = useState(true);
  const [dialect, setDialect] = useState(csvDialect);
  const { hash } = useLocation();
  const period =
    (preset === 'custom' ? custom : null) ?? presetPeriod(preset === 'custom' ? 'last12' : preset, today())!;
  const coming = presetPeriod('next12', today())!;

  // a dashboard card links to its report (#occupancy …): bring it into view once drawn
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView(), 300);
    return () => window.clearTimeout(timer);
  }, [hash]);

  return (
    <div className="min-w-0 space-y-8">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Reports</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Occupancy, revenue, pace and guests over time, counted by the database</Trans>
        </p>
      </div>

      <section
        aria-label={t`Choose the period`}
        className="flex flex-wrap items-end gap-4 rounded-lg border bg-card p-4"
      >
        <Field label={t`Period`}>
          <FieldControl>
            <NativeSelect value={preset} onChange={(event) => setPreset(event.target.value as PresetId)}>
              {presets().map((item) => (
                <option key={item.id} value={item.id}>
                  {item.label}
                </option>
              ))}
            </NativeSelect>
          </FieldControl>
        </Field>
        {preset === 'custom' && <CustomRange initial={custom ?? period} onApply={setCustom} />}
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-primary"
            checked={compare}
            onChange={(event) => setCompare(event.target.checked)}
          />
          <Trans>Compare with the year before</Trans>
        </label>
        <Field label={t`CSV downloads for`} hint={t`Kept in this browser; the city tax and ISTAT files follow it too.`}>
          <FieldControl>
            <NativeSelect
              value={dialect}
              onChange={(event) => {
                const chosen = event.target.value as CsvDialect;
                setCsvDialect(chosen);
                setDialect(chosen);
              }}
            >
              {csvDialects().map((item) => (
                <option key={item.id} value={item.id}>
                  {item.label}
                </option>
              ))}
            </NativeSelect>
          </FieldControl>
        </Field>
        <p className="w-full text-sm text-muted-foreground" aria-live="polite">
          {periodLabel(period)}
          {compare && t`, compared with ${periodLabel(yearBefore(period))}`}
        </p>
      </section>

      <section aria-labelledby="occupancy-group" className="space-y-4">
        <h2 id="occupancy-group" className="text-xl font-semibold">
          <Trans>Occupancy and revenue</Trans>
        </h2>
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          <OccupancyReports period={period} yearBefore={compare ? yearBefore(period) : null} coming={coming} />
        </div>
      </section>

      <section aria-labelledby="guests-group" className="space-y-4">
        <h2 id="guests-group" className="text-xl font-semibold">
          <Trans>Stays, requests and guests</Trans>
        </h2>
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          <GuestReports period={period} />
        </div>
      </section>
    </div>
  );
}
