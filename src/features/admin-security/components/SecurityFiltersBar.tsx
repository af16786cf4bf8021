import { Field, FieldControl } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
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
          >
            <option value="all">All Severities</option>
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {eventTypeLabel(severity)}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="security-event-type" label="Event Type">
        <FieldControl>
          <NativeSelect value={filters.eventType} onChange={(e) => onChange({ ...filters, eventType: e.target.value })}>
            <option value="all">All Types</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {eventTypeLabel(type)}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
      </Field>
      <Field id="security-time-range" label="Time Range">
        <FieldControl>
          <NativeSelect
            value={filters.timeRange}
            onChange={(e) => onChange({ ...filters, timeRange: e.target.value as SecurityFilters['timeRange'] })}
          >
            {TIME_RANGES.map((range) => (
              <option key={range.value} value={range.value}>
                {range.label}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
      </Field>
    </div>
  );
}
