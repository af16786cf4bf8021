import { Field, FieldControl } from '@/components/ui/form-field';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { EVENT_TYPES, eventTypeLabel, SEVERITIES, TIME_RANGES, type SecurityFilters } from '../logic/security';

export function SecurityFiltersBar({
  filters,
  onChange,
}: {
  filters: SecurityFilters;
  onChange: (next: SecurityFilters) => void;
}) {
  return (
    // Every filter has a visible label, so the controls line up on one row; the search takes two columns.
    <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Field id="security-search" label="Search" className="sm:col-span-2">
        <FieldControl>
          <SearchInput
            label="Search security events"
            placeholder="Search events, IPs, types..."
            value={filters.search}
            onSearch={(search) => onChange({ ...filters, search })}
          />
        </FieldControl>
      </Field>
      <Field id="security-severity" label="Severity">
        <FieldControl>
          <NativeSelect
            value={filters.severity}
            onChange={(e) => onChange({ ...filters, severity: e.target.value as SecurityFilters['severity'] })}
            options={selectOptions(SEVERITIES, eventTypeLabel)}
          >
            <option value="all">All Severities</option>
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="security-event-type" label="Event Type">
        <FieldControl>
          <NativeSelect
            value={filters.eventType}
            onChange={(e) => onChange({ ...filters, eventType: e.target.value })}
            options={selectOptions(EVENT_TYPES, eventTypeLabel)}
          >
            <option value="all">All Types</option>
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="security-time-range" label="Time Range">
        <FieldControl>
          <NativeSelect
            value={filters.timeRange}
            onChange={(e) => onChange({ ...filters, timeRange: e.target.value as SecurityFilters['timeRange'] })}
            options={TIME_RANGES}
          />
        </FieldControl>
      </Field>
    </div>
  );
}
