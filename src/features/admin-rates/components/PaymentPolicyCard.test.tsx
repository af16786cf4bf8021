import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n } from '@/test/render';
import { seedHouseCancellation } from '@/test/cancellation';
import type { Tables } from '@/types/database';
import { PaymentPolicyCard } from './PaymentPolicyCard';

let stored: Tables<'payment_policy'> = {
  singleton: true,
  deposit_kind: 'percent',
  deposit_percent: 30,
  free_cancellation_days: 7,
  nonrefundable_enabled: true,
  nonrefundable_discount_percent: 10,
  confirm_before_payment: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const update = vi.fn();

vi.mock('@/lib/supabase', () => ({
  supabase: {
    // from('payment_policy').select(...).eq(...).single() and .update(values).eq(...).select(...).single()
    from: () => {
      let written: Record<string, unknown> | null = null;
      const chain = {
        select: () => chain,
        eq: () => chain,
        update: (values: Record<string, unknown>) => {
          written = values;
          return chain;
        },
        single: () => (written ? update(written) : Promise.resolve({ data: stored, error: null })),
      };
      return chain;
    },
  },
}));
// the house's rule as the server renders it once the policy says 14 days (public.house_cancellation_terms)
vi.mock('@/lib/public-db', async () => {
  const { houseCancellation } = await import('@/test/cancellation-catalog');
  return { publicDb: { rpc: async () => ({ data: houseCancellation(14), error: null }) } };
});
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderCard(canEdit: boolean) {
  const client = createQueryClient();
  // the rule as the site renders it for the stored 7 days (public.house_cancellation_terms)
  seedHouseCancellation(client, 7);
  renderWithI18n(
    <QueryClientProvider client={client}>
      <PaymentPolicyCard canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

describe('PaymentPolicyCard', () => {
  beforeEach(() => {
    update.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows staff the policy without a form', async () => {
    renderCard(false);
    const card = screen.getByRole('region', { name: 'Payments' });
    expect(await within(card).findByText('30 % of the stay')).toBeInTheDocument();
    expect(within(card).getByTestId('policy-cancellation')).toHaveTextContent(
      'Free cancellation until 7 days before check-in',
    );
    expect(within(card).getByText('10 % cheaper, paid in full')).toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
  });

  it('refuses values out of range and saves the admin’s changes as numbers', async () => {
    const user = userEvent.setup();
    update.mockImplementation((values: Record<string, unknown>) =>
      Promise.resolve({ data: { ...stored, ...values }, error: null }),
    );
    renderCard(true);
    const form = await screen.findByRole('form', { name: 'Payment policy' });
    await waitFor(() => expect(within(form).getByLabelText('Deposit (%)')).toHaveValue('30'));
    const save = within(form).getByRole('button', { name: 'Save payment policy' });
    expect(save).toBeDisabled();

    await user.clear(within(form).getByLabelText('Deposit (%)'));
    await user.type(within(form).getByLabelText('Deposit (%)'), '120');
    await user.clear(within(form).getByLabelText('Non-refundable discount (%)'));
    await user.type(within(form).getByLabelText('Non-refundable discount (%)'), '0');
    await user.click(save);
    expect(await within(form).findByText('Between 0 and 100.')).toBeInTheDocument();
    expect(within(form).getByText('Between 1 and 50.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Deposit (%)'));
    await user.type(within(form).getByLabelText('Deposit (%)'), '50');
    await user.clear(within(form).getByLabelText('Non-refundable discount (%)'));
    await user.type(within(form).getByLabelText('Non-refundable discount (%)'), '15');
    await user.clear(within(form).getByLabelText('Cancellation window (days)'));
    await user.type(within(form).getByLabelText('Cancellation window (days)'), '14');
    await user.click(within(form).getByLabelText('Confirm each request before payment'));
    await user.click(save);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        deposit_kind: 'percent',
        deposit_percent: 50,
        free_cancellation_days: 14,
        nonrefundable_enabled: true,
        nonrefundable_discount_percent: 15,
        confirm_before_payment: true,
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment policy saved', expect.anything()));
    // the rule guests read is asked again after the save
    await waitFor(() =>
      expect(within(form).getByTestId('policy-cancellation')).toHaveTextContent(
        'Free cancellation until 14 days before check-in',
      ),
    );
  });

  it('the admin switches on "Confirm each request before payment" alone; staff then read it as On', async () => {
    const user = userEvent.setup();
    update.mockImplementation((values: Record<string, unknown>) =>
      Promise.resolve({ data: { ...stored, ...values }, error: null }),
    );
    renderCard(true);
    const form = await screen.findByRole('form', { name: 'Payment policy' });
    const confirmFirst = within(form).getByRole('checkbox', { name: 'Confirm each request before payment' });
    await waitFor(() => expect(confirmFirst).not.toBeChecked());
    expect(confirmFirst).toHaveAccessibleDescription(
      /When you confirm it on the Bookings screen, the guest is e-mailed/,
    );
    await user.click(confirmFirst);
    await user.click(within(form).getByRole('button', { name: 'Save payment policy' }));
    // only the switch changes: the other terms are saved as they were
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        deposit_kind: 'percent',
        deposit_percent: 30,
        free_cancellation_days: 7,
        nonrefundable_enabled: true,
        nonrefundable_discount_percent: 10,
        confirm_before_payment: true,
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment policy saved', expect.anything()));
    expect(within(form).getByRole('button', { name: 'Save payment policy' })).toBeDisabled();
    cleanup();

    stored = { ...stored, confirm_before_payment: true };
    try {
      renderCard(false);
      const card = screen.getByRole('region', { name: 'Payments' });
      const term = await within(card).findByText('Confirm each request before payment');
      expect(term.nextElementSibling).toHaveTextContent('On');
      expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    } finally {
      stored = { ...stored, confirm_before_payment: false };
    }
  });

  it('shows the database’s refusal', async () => {
    const user = userEvent.setup();
    update.mockResolvedValue({ data: null, error: { message: 'new row violates row-level security', code: '42501' } });
    renderCard(true);
    const form = await screen.findByRole('form', { name: 'Payment policy' });
    await waitFor(() => expect(within(form).getByLabelText('Deposit (%)')).toHaveValue('30'));
    await user.selectOptions(within(form).getByLabelText('Deposit'), 'first_night');
    await user.click(within(form).getByRole('button', { name: 'Save payment policy' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to save the payment policy. new row violates row-level security',
        id: expect.any(String),
      }),
    );
  });
});
