import {
  DEFAULT_FILTERS,
  eventTypeLabel,
  filterArgs,
  rangeStart,
  SEVERITIES,
  shortUserId,
  visibleAlerts,
  type Severity,
} from './security';

const NOW = new Date('2026-11-23T12:00:00.000Z');

describe('security screen logic', () => {
  it('turns a time range into its start', () => {
    expect(rangeStart('1h', NOW)).toBe('2026-11-23T11:00:00.000Z');
    expect(rangeStart('24h', NOW)).toBe('2026-11-22T12:00:00.000Z');
    expect(rangeStart('7d', NOW)).toBe('2026-11-16T12:00:00.000Z');
    expect(rangeStart('30d', NOW)).toBe('2026-10-24T12:00:00.000Z');
    expect(rangeStart('all', NOW)).toBeNull();
  });

  it('sends only the filters that are set, default 24 hours', () => {
    expect(filterArgs(DEFAULT_FILTERS, NOW)).toEqual({
      p_since: '2026-11-22T12:00:00.000Z',
      p_severity: undefined,
      p_event_type: undefined,
      p_search: undefined,
    });
    expect(
      filterArgs({ search: '  10.0.0.1 ', severity: 'high', eventType: 'failed_login', timeRange: 'all' }, NOW),
    ).toEqual({ p_since: undefined, p_severity: 'high', p_event_type: 'failed_login', p_search: '10.0.0.1' });
  });

  it('labels event types, shortens user ids and lists severities most severe first', () => {
    expect(eventTypeLabel('suspicious_activity')).toBe('Suspicious Activity');
    expect(shortUserId('00000000-0000-4000-8000-0000000000a1')).toBe('00000000');
    expect(shortUserId(null)).toBe('System');
    expect(SEVERITIES).toEqual(['critical', 'high', 'medium', 'low']);
  });
});

describe('the alerts tab', () => {
  const alert = (id: string, status: 'active' | 'resolved' | 'dismissed', severity: Severity, created_at: string) => ({
    id,
    status,
    severity,
    created_at,
    description: `alert ${id}`,
    alert_type: 'failed_logins_account',
    ip_address: id === 'b' ? '203.0.113.9' : null,
  });
  const alerts = [
    alert('a', 'resolved', 'high', '2026-11-23T10:00:00Z'),
    alert('b', 'active', 'low', '2026-11-22T10:00:00Z'),
    alert('c', 'active', 'critical', '2026-11-23T09:00:00Z'),
    alert('d', 'dismissed', 'critical', '2026-11-23T11:00:00Z'),
  ];
  const none = { search: '', severity: 'all' as const };

  it('shows the active ones by default, newest first; the others behind the status filter', () => {
    expect(visibleAlerts(alerts, 'active', none).map((a) => a.id)).toEqual(['c', 'b']);
    expect(visibleAlerts(alerts, 'resolved', none).map((a) => a.id)).toEqual(['a']);
    expect(visibleAlerts(alerts, 'all', none).map((a) => a.id)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('applies the severity filter and the search (description, type, IP)', () => {
    expect(visibleAlerts(alerts, 'all', { search: '', severity: 'critical' }).map((a) => a.id)).toEqual(['c', 'd']);
    expect(visibleAlerts(alerts, 'all', { search: '203.0.113', severity: 'all' }).map((a) => a.id)).toEqual(['b']);
    expect(visibleAlerts(alerts, 'active', { search: 'ALERT C', severity: 'all' }).map((a) => a.id)).toEqual(['c']);
  });
});
