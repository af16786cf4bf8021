import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n } from '@/test/render';
import type { Database } from '@/types/database';
import type { DeskAlert } from '../logic/stats';
import { Dashboard } from './Dashboard';

type Functions = Database['public']['Functions'];
const stats: Functions['admin_dashboard_stats']['Returns'][number] = {
  total_rooms: 8,
  occupied_rooms: 3,
  unavailable_rooms: 0,
  active_bookings: 5,
  pending_bookings: 0,
  revenue: 4500,
  registered_guests: 2,
};
const answers = vi.hoisted(() => ({ money: null as unknown, moneyError: null as unknown, alerts: [] as unknown[] }));

vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (name: string) => {
      if (name === 'admin_dashboard_stats') return { single: () => Promise.resolve({ data: stats, error: null }) };
      if (name === 'unreported_check_ins') return Promise.resolve({ data: [], error: null });
      if (name === 'money_received') return Promise.resolve({ data: answers.money, error: answers.moneyError });
      if (name === 'desk_alerts') return Promise.resolve({ data: answers.alerts, error: null });
      throw new Error(`unexpected rpc ${name}`);
    },
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderDashboard() {
  renderWithI18n(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Dashboard money', () => {
  it('shows the booked Revenue and, beside it, the money received less refunds', async () => {
    answers.money = {
      received_cents: 123450,
      refunded_cents: 5000,
      city_tax_cents: 1200,
      owed_cents: 25500,
      owed_stays: 1,
    } satisfies Functions['money_received']['Returns'];
    answers.moneyError = null;
    renderDashboard();
    const revenue = await screen.findByRole('group', { name: 'Revenue' });
    expect(within(revenue).getByText('€4,500.00')).toBeInTheDocument();
    const money = screen.getByRole('group', { name: 'Money received' });
    expect(await within(money).findByText('€1,234.50')).toBeInTheDocument();
    expect(within(money).getByText('Deposits and balances, less €50.00 refunded')).toBeInTheDocument();
    const owed = screen.getByRole('group', { name: 'Money owed' });
    expect(within(owed).getByText('€255.00')).toBeInTheDocument();
    expect(within(owed).getByText('1 stay checked out with the balance left owing')).toBeInTheDocument();
    const titles = screen.getAllByRole('group').map((card) => card.getAttribute('aria-label'));
    expect(titles.indexOf('Money received')).toBe(titles.indexOf('Revenue') + 1);
  });

  it('shows a dash, not a zero, when the money received cannot be read', async () => {
    answers.money = null;
    answers.moneyError = { message: 'Only staff can see payments.', code: '42501' };
    renderDashboard();
    const money = await screen.findByRole('group', { name: 'Money received' });
    // after its retry, the failure is told once
    await waitFor(
      () =>
        expect(toast.error).toHaveBeenCalledWith('Error', {
          description: 'Failed to load the money received',
          id: expect.any(String),
        }),
      { timeout: 4000 },
    );
    expect(within(money).getByText('—')).toBeInTheDocument();
    expect(within(money).queryByText('€0.00')).not.toBeInTheDocument();
  });
});

describe('Dashboard alerts', () => {
  it('lists the open desk alerts with a link to their booking, or says there are none', async () => {
    answers.money = null;
    answers.moneyError = null;
    answers.alerts = [
      {
        id: 'a1',
        alert_type: 'channel_conflict',
        severity: 'high',
        description: 'Double booking risk: booking calendar event x for room 3 collides with an existing stay.',
        created_at: '2026-12-01T09:00:00Z',
        last_seen_at: '2026-12-01T09:00:00Z',
        occurrences: 1,
        booking_id: 'b1',
        booking_reference: 'CG-ABC123',
      },
      {
        id: 'a2',
        alert_type: 'istat_day_unsent',
        severity: 'medium',
        description: 'The ISTAT day 2026-11-30 is not yet sent.',
        created_at: '2026-12-01T08:00:00Z',
        last_seen_at: '2026-12-01T08:00:00Z',
        occurrences: 1,
        booking_id: null,
        booking_reference: null,
      },
    ] satisfies DeskAlert[];
    renderDashboard();
    const card = await screen.findByTestId('desk-alerts');
    expect(await within(card).findByText('Double booking from a channel')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open booking CG-ABC123' })).toHaveAttribute(
      'href',
      '/admin/bookings?search=CG-ABC123',
    );
    // a type the dashboard has no title for shows its own description
    expect(within(card).getAllByText('The ISTAT day 2026-11-30 is not yet sent.')).toHaveLength(2);
    expect(within(card).getAllByRole('button', { name: /^Mark as handled/ })).toHaveLength(2);
  });

  it('says so when there is no open alert', async () => {
    answers.alerts = [];
    renderDashboard();
    const card = await screen.findByTestId('desk-alerts');
    expect(await within(card).findByText('No open alerts.')).toBeInTheDocument();
  });
});
