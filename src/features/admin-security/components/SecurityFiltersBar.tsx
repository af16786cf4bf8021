import { FormField, fieldA11y } from '@/components/ui/form-field';
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
      <FormField id="security-search" label="Search" className="sm:col-span-2">
        <SearchInput
          id="security-search"
          label="Search security events"
          placeholder="Search events, IPs, types..."
          value={filters.search}
          onSearch={(search) => onChange({ ...filters, search })}
        />
      </FormField>
      <FormField id="security-severity" label="Severity">
        <NativeSelect
          {...fieldA11y('security-severity')}
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
      </FormField>
      <FormField id="security-event-type" label="Event Type">
        <NativeSelect
          {...fieldA11y('security-event-type')}
          value={filters.eventType}
          onChange={(e) => onChange({ ...filters, eventType: e.target.value })}
        >
          <option value="all">All Types</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabel(type)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="security-time-range" label="Time Range">
        <NativeSelect
          {...fieldA11y('security-time-range')}
          value={filters.timeRange}
          onChange={(e) => onChange({ ...filters, timeRange: e.target.value as SecurityFilters['timeRange'] })}
        >
          {TIME_RANGES.map((range) => (
            <option key={range.value} value={range.value}>
              {range.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}
