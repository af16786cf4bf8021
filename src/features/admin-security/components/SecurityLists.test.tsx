import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithI18n as render } from '@/test/render';
import { AuditLogList, SecurityAlertList, SecurityLogList, type AlertRow } from './SecurityLists';

const log = {
  id: 'l1',
  created_at: '2026-11-23T10:15:00Z',
  updated_at: '2026-11-23T10:15:00Z',
  event_type: 'failed_login',
  severity: 'medium' as const,
  risk_score: 4,
  description: 'Failed login attempt',
  ip_address: '198.51.100.23',
  user_id: null,
  user_agent: null,
  session_id: null,
  metadata: { email: 'admin@example.com' },
};

const alert = (status: string): AlertRow => ({
  id: `a-${status}`,
  created_at: '2026-11-23T10:15:00Z',
  alert_type: 'failed_logins_account',
  severity: 'high',
  status,
  description: `Alert ${status}`,
  ip_address: null,
  occurrences: 1,
  resolved_at: status === 'resolved' ? '2026-11-23T11:00:00Z' : null,
});

describe('security lists', () => {
  it('show the spec empty texts', () => {
    render(
      <>
        <SecurityLogList logs={[]} />
        <SecurityAlertList alerts={[]} resolvingId={null} onResolve={() => {}} />
        <AuditLogList entries={[]} />
      </>,
    );
    expect(screen.getByText('No security events found')).toBeInTheDocument();
    expect(screen.getByText('No security alerts')).toBeInTheDocument();
    expect(screen.getByText('No audit logs')).toBeInTheDocument();
  });

  it('shows an event with its severity, type, risk, address and metadata', () => {
    render(<SecurityLogList logs={[log]} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('MEDIUM')).toBeInTheDocument();
    expect(within(item).getByText('Failed Login')).toBeInTheDocument();
    expect(within(item).getByText('Risk: 4/10')).toBeInTheDocument();
    expect(within(item).getByText('IP: 198.51.100.23')).toBeInTheDocument();
    expect(within(item).getByText(/"email": "admin@example.com"/)).toBeInTheDocument();
  });

  it('offers Resolve only for active alerts', () => {
    const onResolve = vi.fn();
    render(
      <SecurityAlertList alerts={[alert('active'), alert('resolved')]} resolvingId={null} onResolve={onResolve} />,
    );
    const buttons = screen.getAllByRole('button', { name: /^Resolve alert/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    expect(onResolve).toHaveBeenCalledWith('a-active');
  });

  it('shows the first 8 characters of the user id and the before/after values', () => {
    render(
      <AuditLogList
        entries={[
          {
            id: 'x',
            created_at: '2026-11-23T10:15:00Z',
            action: 'UPDATE',
            table_name: 'rooms',
            user_id: '00000000-0000-4000-8000-0000000000a1',
            old_values: { status: 'available' },
            new_values: { status: 'maintenance' },
          },
        ]}
      />,
    );
    expect(screen.getByText('User: 00000000')).toBeInTheDocument();
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
  });
});
