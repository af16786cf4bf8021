import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithI18n } from '@/test/render';
import PaymentSessionStatus from './PaymentSessionStatus';

const invoke = vi.fn();
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: vi.fn() },
  invokePublicFunction: (...args: unknown[]) => invoke(...args),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const PAID_STAY = {
  reference: 'CG-PAY234',
  room_name: 'Deluxe King',
  check_in: '2027-03-05',
  check_out: '2027-03-08',
  guests: 2,
  total_cents: 42000,
  balance_cents: 29400,
  paid_cents: 12600,
  free_cancellation_until: '2027-02-26',
};

function renderStatus() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/booking-success']}>
        <PaymentSessionStatus sessionId="cs_test_abc" bookingId="8a0c1c1e-0000-4000-8000-000000000001" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  invoke.mockReset();
  toast.success.mockReset();
});

describe('PaymentSessionStatus', () => {
  it('asks the server for the session and shows the toast, the heading and the stay only when paid', async () => {
    invoke.mockResolvedValue({ state: 'paid', booking: PAID_STAY });
    renderStatus();
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(screen.getByTestId('paid-stay')).toHaveTextContent('CG-PAY234');
    expect(screen.getByTestId('paid-stay')).toHaveTextContent('€126.00');
    expect(toast.success).toHaveBeenCalledWith('Payment Confirmed!', expect.anything());
    expect(invoke).toHaveBeenCalledWith('payments', {
      action: 'session',
      session_id: 'cs_test_abc',
      booking_id: '8a0c1c1e-0000-4000-8000-000000000001',
    });
  });

  it('shows nothing of any booking for a session the server does not know for this booking', async () => {
    invoke.mockResolvedValue({ state: 'unknown' });
    renderStatus();
    expect(await screen.findByRole('heading', { name: 'We could not find this payment' })).toBeInTheDocument();
    expect(screen.queryByText('Booking Confirmed!')).not.toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('while the notice is on its way, says it is checking, never that the booking is confirmed', async () => {
    invoke.mockResolvedValue({ state: 'confirming' });
    renderStatus();
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your payment…');
    expect(screen.queryByText('Booking Confirmed!')).not.toBeInTheDocument();
  });
});
