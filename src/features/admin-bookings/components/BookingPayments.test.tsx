import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionCallError } from '@/lib/edge-functions';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n } from '@/test/render';
import { seedHouseCancellation } from '@/test/cancellation';
import type { Tables } from '@/types/database';
import type { BookingStatus } from '../types';
import { BookingPayments } from './BookingPayments';

type Row = Record<string, unknown>;
const tables = vi.hoisted(() => ({ payments: [] as Row[], booking_extras: [] as Row[], failing: false }));
const rpc = vi.fn();
// booking_folio's answer (the card's totals); the tests set what they need
const folio = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
const totals = (values: Record<string, number> = {}) => ({
  charged_cents: 0,
  paid_cents: 0,
  refunded_cents: 0,
  balance_cents: 0,
  city_tax_due_cents: 0,
  city_tax_collected_cents: 0,
  city_tax_open_cents: 0,
  stay_balance_cents: 0,
  paid_online_cents: 0,
  refund_pending_cents: 0,
  extras_cents: 0,
  ...values,
});
const folioAnswer = (values: Record<string, unknown> = {}) => ({
  booking_id: 'b1',
  reference: 'CG-ABC123',
  status: 'confirmed',
  guest_name: 'Guest',
  check_in: '2026-03-10',
  check_out: '2026-03-13',
  booked_check_out: null,
  rate_plan: 'flexible',
  lines: [],
  totals: totals(),
  refundable_online_cents: 0,
  policy_refund_today_cents: 0,
  ...values,
});
const invoke = vi.fn();

vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (name: string, ...args: unknown[]) =>
      name === 'booking_folio' ? Promise.resolve({ data: folio.current, error: null }) : rpc(name, ...args),
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
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
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
  correction: false,
  reverses_id: null,
  description: null,
  quantity: null,
  unit_price_cents: null,
  service_id: null,
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
  renderWithI18n(
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
    folio.current = folioAnswer();
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
    folio.current = folioAnswer({ refundable_online_cents: 13500 });
    renderPayments(true, 'cancelled');
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record balance paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record city tax collected' })).not.toBeInTheDocument();
  });

  it('lets staff who are not admins record payments but not refund', async () => {
    tables.payments = [payment({})];
    folio.current = folioAnswer({ refundable_online_cents: 13500 });
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
    folio.current = folioAnswer({
      totals: totals({ paid_cents: 13500, paid_online_cents: 13500, refunded_cents: 3500 }),
      refundable_online_cents: 10000,
      policy_refund_today_cents: 6000,
    });
    invoke.mockResolvedValue({ requested_cents: 4000, refunded: 1, failed: 0 });
    renderPayments(true);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    // a dialog first: what was paid, what the terms refund today, the amount starting at that figure
    const form = await screen.findByRole('form', { name: 'Refund' });
    expect(within(form).getByTestId('refund-paid')).toHaveTextContent('€135.00');
    expect(within(form).getByTestId('refund-policy')).toHaveTextContent('€60.00');
    const amount = within(form).getByLabelText('Amount to refund (€)');
    expect(amount).toHaveValue('60.00');
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

  it('downloads the receipt by the booking id; a refusal shows the server’s words', async () => {
    const user = userEvent.setup();
    folio.current = folioAnswer();
    invoke.mockRejectedValue(new FunctionCallError('Only staff can see a stay’s folio.', 403, 'failed'));
    renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Download receipt' }));
    expect(invoke).toHaveBeenCalledWith('receipts', { booking_id: 'b1' });
    expect(toast).toHaveBeenCalledWith('Preparing the receipt…', { description: undefined });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The receipt could not be made', {
        description: 'Only staff can see a stay’s folio.',
        id: undefined,
      }),
    );
  });

  it('shows the payments function’s refusal of a refund', async () => {
    const user = userEvent.setup();
    tables.payments = [payment({})];
    folio.current = folioAnswer({ refundable_online_cents: 13500, policy_refund_today_cents: 13500 });
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

  it('shows the folio: what is left to pay, and the balance field starts at it', async () => {
    const user = userEvent.setup();
    folio.current = folioAnswer({
      totals: totals({
        charged_cents: 57600,
        city_tax_due_cents: 3600,
        paid_cents: 16200,
        balance_cents: 41400,
        stay_balance_cents: 37800,
        city_tax_open_cents: 3600,
      }),
    });
    renderPayments();
    expect(await screen.findByTestId('folio-balance')).toHaveTextContent('€378.00');
    expect(screen.getByTestId('folio-city-tax-open')).toHaveTextContent('€36.00');
    await user.click(screen.getByRole('button', { name: 'Record balance paid' }));
    const form = screen.getByRole('form', { name: 'Record balance paid' });
    expect(within(form).getByLabelText('Amount (€)')).toHaveValue('378.00');
    expect(within(form).getByRole('option', { name: 'Bank transfer' })).toBeInTheDocument();
  });

  it('adds an extra during the stay, and says so when the server refuses its price', async () => {
    const user = userEvent.setup();
    rpc.mockResolvedValue({
      data: null,
      error: {
        message: 'Please enter an amount between 0.01 and 100000.00 euros.',
        code: 'P0001',
        hint: 'amount_out_of_range',
      },
    });
    renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Add an extra' }));
    const form = screen.getByRole('form', { name: 'Add an extra' });
    await user.type(within(form).getByLabelText('Extra'), 'Airport transfer');
    await user.clear(within(form).getByLabelText('Quantity'));
    await user.type(within(form).getByLabelText('Quantity'), '2');
    await user.type(within(form).getByLabelText('Unit price (€)'), '1000000');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Enter an amount in euros, e.g. 120 or 120.50.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Unit price (€)'));
    await user.type(within(form).getByLabelText('Unit price (€)'), '35');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('add_folio_extra', {
        p_booking_id: 'b1',
        p_service_id: null,
        p_description: 'Airport transfer',
        p_quantity: 2,
        p_unit_price_cents: 3500,
      }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
  });

  it('corrects a line the desk recorded by a new line, with a reason; a line reversed offers it no more', async () => {
    const user = userEvent.setup();
    tables.payments = [
      payment({
        id: 'x1',
        kind: 'extra',
        amount_cents: 3500,
        method: 'folio',
        actor: 'staff',
        description: 'Transfer',
        quantity: 1,
      }),
      payment({ id: 'b1', kind: 'balance', amount_cents: 1000, method: 'cash', actor: 'staff' }),
      payment({
        id: 'b2',
        kind: 'balance',
        amount_cents: 1000,
        method: 'cash',
        actor: 'staff',
        correction: true,
        reverses_id: 'b1',
      }),
    ];
    rpc.mockResolvedValue({ data: 'c1', error: null });
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('Charged twice');
    renderPayments();
    const timeline = await screen.findByRole('list', { name: 'Payment timeline' });
    const lines = within(timeline).getAllByRole('listitem');
    expect(within(lines[0]).getByRole('button', { name: 'Correct' })).toBeInTheDocument();
    expect(within(lines[1]).queryByRole('button', { name: 'Correct' })).not.toBeInTheDocument();
    expect(lines[2]).toHaveTextContent('Balance paid (correction)');
    expect(lines[2]).toHaveTextContent('−€10.00');
    await user.click(within(lines[0]).getByRole('button', { name: 'Correct' }));
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('reverse_folio_line', { p_line_id: 'x1', p_reason: 'Charged twice' }),
    );
    prompt.mockRestore();
  });
});
