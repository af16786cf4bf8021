import { useLingui } from '@lingui/react/macro';
import { Field, FieldControl } from '@/components/ui/form-field';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import {
  EVENT_TYPES,
  securityTypeLabel,
  SEVERITIES,
  severityLabel,
  timeRanges,
  type SecurityFilters,
} from '../logic/security';

export function SecurityFiltersBar({
  filters,
  onChange,
}: {
  filters: SecurityFilters;
  onChange: (next: SecurityFilters) => void;
}) {
  const { t } = useLingui();
  return (
    // Every filter has a visible label, so the controls line up on one row; the search takes two columns.
    <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Field id="security-search" label={t`Search`} className="sm:col-span-2">
        <FieldControl>
          <SearchInput
            label={t`Search security events`}
            placeholder={t`Search events, IPs, types...`}
            value={filters.search}
            onSearch={(search) => onChange({ ...filters, search })}
          />
        </FieldControl>
      </Field>
      <Field id="security-severity" label={t`Severity`}>
        <FieldControl>
          <NativeSelect
            value={filters.severity}
            onChange={(e) => onChange({ ...filters, severity: e.target.value as SecurityFilters['severity'] })}
            options={selectOptions(SEVERITIES, severityLabel)}
          >
            <option value="all">{t`All Severities`}</option>
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="security-event-type" label={t`Event Type`}>
        <FieldControl>
          <NativeSelect
            value={filters.eventType}
            onChange={(e) => onChange({ ...filters, eventType: e.target.value })}
            options={selectOptions(EVENT_TYPES, securityTypeLabel)}
          >
            <option value="all">{t`All Types`}</option>
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="security-time-range" label={t`Time Range`}>
        <FieldControl>
          <NativeSelect
            value={filters.timeRange}
            onChange={(e) => onChange({ ...filters, timeRange: e.target.value as SecurityFilters['timeRange'] })}
            options={timeRanges()}
          />
        </FieldControl>
      </Field>
    </div>
  );
}
