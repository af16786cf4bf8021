import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { renderWithI18n } from '@/test/render';
import type { Database } from '@/types/database';
import GuestPaymentSection from './GuestPaymentSection';

const rpc = vi.fn();
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: (...args: unknown[]) => rpc(...args) },
  invokePublicFunction: vi.fn(),
}));

type GuestPaymentsView = Database['public']['CompositeTypes']['guest_payments_view'];

/** booking_payments_by_link's answer (public.guest_payments_view, typed from the generated types). */
const PAYMENTS = {
  booking_id: '8a0c1c1e-0000-4000-8000-000000000003',
  total_cents: 30000,
  deposit_cents: 9000,
  balance_cents: 21000,
  extras_cents: 0,
  rate_plan: 'flexible',
  paid_cents: 0,
  due_now_cents: 9000,
  free_cancellation_until: '2027-03-26',
  refund_if_cancelled_today: 0,
  refund_pending_cents: 0,
  can_pay: true,
  payment_after_acceptance: false,
  extras: [],
  payments: [],
  folio: {
    charged_cents: 33600,
    paid_cents: 0,
    refunded_cents: 0,
    balance_cents: 33600,
    city_tax_due_cents: 3600,
    city_tax_collected_cents: 0,
    city_tax_open_cents: 3600,
    stay_balance_cents: 30000,
    paid_online_cents: 0,
    refund_pending_cents: 0,
    extras_cents: 0,
  },
  folio_lines: [],
} satisfies GuestPaymentsView;

const folio = PAYMENTS.folio;

function renderSection(answer: Partial<GuestPaymentsView>, path = '/booking/CG-PAY234') {
  rpc.mockResolvedValue({ data: { ...PAYMENTS, ...answer }, error: null });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <GuestPaymentSection reference="CG-PAY234" token="secret-token" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the private page’s payment section', () => {
  beforeEach(() => rpc.mockReset());

  it('offers the deposit while the request may be paid', async () => {
    renderSection({});
    expect(await screen.findByRole('button', { name: 'Pay the deposit (€90.00)' })).toBeInTheDocument();
    expect(screen.queryByTestId('payment-after-acceptance')).not.toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('booking_payments_by_link', { p_reference: 'CG-PAY234', p_token: 'secret-token' });
  });

  it('while the host has not accepted the request: the figures, no button, and when the payment comes', async () => {
    renderSection({ can_pay: false, payment_after_acceptance: true });
    expect(await screen.findByTestId('deposit')).toHaveTextContent('€90.00');
    expect(screen.getByTestId('payment-after-acceptance')).toHaveTextContent(
      'Once we accept yours, you can pay the deposit here, and we will e-mail you the link.',
    );
    expect(screen.queryByRole('button', { name: /Pay the deposit/ })).not.toBeInTheDocument();
  });

  it('after the deposit: what was paid online, the balance and the city tax left for the house', async () => {
    renderSection({
      paid_cents: 9000,
      can_pay: false,
      folio: { ...folio, paid_cents: 9000, paid_online_cents: 9000, balance_cents: 24600, stay_balance_cents: 21000 },
      payments: [
        {
          kind: 'charge',
          amount_cents: 9000,
          currency: 'eur',
          method: 'stripe',
          status: 'succeeded',
          created_at: '2027-03-01T10:00:00Z',
        },
      ],
    });
    expect(await screen.findByTestId('money-summary')).toHaveTextContent(
      'Paid online €90.00 · Balance at the house €210.00 · City tax €36.00 to pay at the house',
    );
    expect(screen.getByTestId('paid')).toHaveTextContent('€90.00');
  });

  it('once the desk took the balance and the city tax: paid in full, nothing left to pay', async () => {
    renderSection({
      paid_cents: 9000,
      can_pay: false,
      folio: {
        ...folio,
        paid_cents: 33600,
        paid_online_cents: 9000,
        city_tax_collected_cents: 3600,
        city_tax_open_cents: 0,
        balance_cents: 0,
        stay_balance_cents: 0,
      },
      payments: [
        {
          kind: 'charge',
          amount_cents: 9000,
          currency: 'eur',
          method: 'stripe',
          status: 'succeeded',
          created_at: '2027-03-01T10:00:00Z',
        },
      ],
    });
    expect(await screen.findByTestId('money-summary')).toHaveTextContent(/^Paid in full$/);
    expect(screen.queryByText(/Balance at the house/)).not.toBeInTheDocument();
  });

  describe('in French', () => {
    beforeEach(() => activateLocale('fr'));
    afterEach(() => activateLocale('en'));

    it('says so as a French reader expects', async () => {
      renderSection({ can_pay: false, payment_after_acceptance: true }, '/fr/booking/CG-PAY234');
      expect((await screen.findByTestId('payment-after-acceptance')).textContent).toMatch(/acompte/);
    });
  });
});
