// The texts src/locales/unlocalized.ts must find (and those it must not), for catalogs.test.ts.
import { Trans, useLingui } from '@lingui/react/macro';
import { toastSuccess } from '@/lib/toast';

export function Fixture({ error }: { error: boolean }) {
  const { t } = useLingui();
  return (
    <div className="flex gap-2" data-testid="fixture">
      <button type="button">Save changes</button>
      <input placeholder="Search bookings" aria-label={t`Search`} />
      <button aria-label="Close" onClick={() => toastSuccess('Saved', 'The room was updated.')} />
      {error ? 'Could not load' : null}
      <Trans>Translated text</Trans>
      <th title={`Nights`}>—</th>
      <span>{t`Also translated`} · € 12 · ISTAT</span>
    </div>
  );
}
