import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionCallError } from '@/lib/edge-functions';
import { createQueryClient } from '@/lib/query-client';
import { seedHouseCancellation } from '@/test/cancellation';
import type { Tables } from '@/types/database';
import type { BookingStatus } from '../types';
import { BookingPayments } from './BookingPayments';

type Row = Record<string, unknown>;
const tables = vi.hoisted(() => ({ payments: [] as Row[], booking_extras: [] as Row[], failing: false }));
const rpc = vi.fn();
const invoke = vi.fn();

vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (...args: unknown[]) => rpc(...args),
    // from(table).select(...).eq(...).order(...) answers the table's stub rows
    from: (table: 'payments' | 'booking_extras') => {
      const answer = () =>
        tables.failing
          ? { data: null, error: { message: 'permission denied', code: '42501' } }
          : { data: tables[table], error: null };
      const chain = {
        select: () => chain,
        eq: () => chain,
        order: () => Promise.resolve(answer()),
      };
      return chain;
    },
  },
}));
vi.mock('@/lib/edge-functions', async (original) => ({
  ...(await original<typeof import('@/lib/edge-functions')>()),
  invokeFunction: (...args: unknown[]) => invoke(...args),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const payment = (row: Partial<Tables<'payments'>>): Tables<'payments'> => ({
  id: 'p1',
  booking_id: 'b1',
  kind: 'charge',
  amount_cents: 13500,
  currency: 'eur',
  method: 'stripe',
  status: 'succeeded',
  provider_session_id: 'cs_test_123',
  provider_payment_intent_id: 'pi_test_456',
  provider_refund_id: null,
  provider_event_id: 'evt_1',
  reason: null,
  actor: 'stripe',
  actor_id: null,
  created_at: '2026-03-01T09:30:00Z',
  ...row,
});
const extra: Tables<'booking_extras'> = {
  id: 'e1',
  booking_id: 'b1',
  service_id: 's1',
  service_name: 'Airport transfer',
  pricing_unit: 'per_person',
  quantity: 2,
  unit_price_cents: 2500,
  line_total_cents: 5000,
  created_at: '2026-03-01T09:00:00Z',
};

function renderPayments(canRefund = false, status: BookingStatus = 'confirmed') {
  const client = createQueryClient();
  // the catalog a refund's reason code is written from
  seedHouseCancellation(client);
  render(
    <QueryClientProvider client={client}>
      <BookingPayments bookingId="b1" status={status} canRefund={canRefund} />
    </QueryClientProvider>,
  );
}

describe('BookingPayments', () => {
  beforeEach(() => {
    tables.payments = [];
    tables.booking_extras = [];
    tables.failing = false;
    rpc.mockReset();
    invoke.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows the extras and the payment timeline with amounts, methods, Stripe ids and who', async () => {
    tables.booking_extras = [extra];
    tables.payments = [
      payment({}),
      payment({
        id: 'p2',
        kind: 'balance',
        amount_cents: 31500,
        method: 'cash',
        actor: 'staff',
        provider_session_id: null,
        provider_payment_intent_id: null,
        created_at: '2026-03-05T15:00:00Z',
      }),
    ];
    renderPayments();
    expect(await screen.findByText(/2 × Airport transfer/)).toHaveTextContent('€25.00 per person');
    const timeline = screen.getByRole('list', { name: 'Payment timeline' });
    const lines = within(timeline).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Deposit paid online');
    expect(lines[0]).toHaveTextContent('€135.00');
    expect(lines[0]).toHaveTextContent('pi_test_456');
    expect(lines[0]).toHaveTextContent('cs_test_123');
    expect(lines[1]).toHaveTextContent('Balance paid · Cash · by staff · Mar 05, 2026');
    expect(lines[1]).toHaveTextContent('€315.00');
  });

  it('says when nothing was paid, and offers no refund', async () => {
    renderPayments(true);
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('says when the payments could not be loaded', async () => {
    tables.failing = true;
    renderPayments();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'The payments could not be loaded.',
    );
  });

  it('records the balance paid by card in cents, after checking the amount', async () => {
    const user = userEvent.setup();
    rpc.mockResolvedValue({ data: 'p9', error: null });
    renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Record balance paid' }));
    const form = screen.getByRole('form', { name: 'Record balance paid' });
    await user.type(within(form).getByLabelText('Amount (€)'), '12,5x');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter an amount in euros, e.g. 120 or 120.50.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Amount (€)'));
    await user.type(within(form).getByLabelText('Amount (€)'), '315,50');
    await user.selectOptions(within(form).getByLabelText('Paid by'), 'card');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('record_property_payment', {
        p_booking_id: 'b1',
        p_kind: 'balance',
        p_method: 'card',
        p_amount_cents: 31550,
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Balance recorded', expect.anything()));
  });

  it('shows the server’s refusal of a city tax record', async () => {
    const user = userEvent.setup();
    rpc.mockResolvedValue({ data: null, error: { message: 'Booking not found.', code: 'P0001' } });
    renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Record city tax collected' }));
    const form = screen.getByRole('form', { name: 'Record city tax collected' });
    await user.type(within(form).getByLabelText('Amount (€)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to record the payment. Booking not found.',
        id: expect.any(String),
      }),
    );
    expect(rpc.mock.calls[0][1]).toMatchObject({ p_kind: 'city_tax', p_method: 'cash', p_amount_cents: 1200 });
  });

  it('offers recording only for a stay that takes place, and a refund whatever the status', async () => {
    tables.payments = [payment({})];
    renderPayments(true, 'cancelled');
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record balance paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record city tax collected' })).not.toBeInTheDocument();
  });

  it('lets staff who are not admins record payments but not refund', async () => {
    tables.payments = [payment({})];
    renderPayments(false);
    expect(await screen.findByRole('button', { name: 'Record balance paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds part of the deposit through the payments function, with a reason, at most what is left', async () => {
    const user = userEvent.setup();
    tables.payments = [
      payment({}),
      payment({
        id: 'p2',
        kind: 'refund',
        amount_cents: 3500,
        provider_refund_id: 're_1',
        reason: 'Late check-in',
        actor: 'staff',
        created_at: '2026-03-02T10:00:00Z',
      }),
    ];
    invoke.mockResolvedValue({ requested_cents: 4000, refunded: 1, failed: 0 });
    renderPayments(true);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount to refund (€)');
    expect(amount).toHaveValue('100.00');
    await user.clear(amount);
    await user.type(amount, '100.01');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('At most €100.00.')).toBeInTheDocument();
    expect(within(form).getByText('Give a reason for the refund.')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '40');
    await user.type(within(form).getByLabelText('Reason'), 'Broken air conditioning');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('payments', {
        action: 'refund',
        booking_id: 'b1',
        amount_cents: 4000,
        reason: 'Broken air conditioning',
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refund made', expect.anything()));
  });

  it('shows the payments function’s refusal of a refund', async () => {
    const user = userEvent.setup();
    tables.payments = [payment({})];
    invoke.mockRejectedValue(new FunctionCallError('Only admins can refund payments.', 403, 'failed'));
    renderPayments(true);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund' });
    await user.type(within(form).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to refund. Only admins can refund payments.',
        id: undefined,
      }),
    );
  });
});
