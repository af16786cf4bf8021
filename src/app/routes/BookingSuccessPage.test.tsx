import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithI18n } from '@/test/render';
import BookingSuccessPage from './BookingSuccessPage';

const invoke = vi.fn();
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: vi.fn() },
  invokePublicFunction: (...args: unknown[]) => invoke(...args),
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const BOOKING = '8a0c1c1e-0000-4000-8000-000000000001';
const PAID = {
  state: 'paid',
  booking: {
    reference: 'CG-PAY234',
    room_name: 'Deluxe King',
    check_in: '2027-03-05',
    check_out: '2027-03-08',
    guests: 2,
    total_cents: 42000,
    balance_cents: 29400,
    paid_cents: 12600,
    free_cancellation_until: '2027-02-26',
  },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/booking-success?session_id=cs_test_abc&booking_id=${BOOKING}`]}>
        <BookingSuccessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  invoke.mockReset();
  sessionStorage.clear();
});

describe('the success page’s next steps', () => {
  it('links to check-in and to the private page when this tab started the payment', async () => {
    sessionStorage.setItem('colosseum:private-link', JSON.stringify({ reference: 'CG-PAY234', token: 'tok-123456' }));
    invoke.mockResolvedValue(PAID);
    renderPage();
    const checkIn = await screen.findByTestId('success-check-in');
    expect(checkIn).toHaveAttribute('href', '/booking/CG-PAY234?token=tok-123456#check-in');
    expect(screen.getByTestId('success-booking-page')).toHaveAttribute('href', '/booking/CG-PAY234?token=tok-123456');
  });

  it('points to the e-mails’ link for another booking’s token or none', async () => {
    sessionStorage.setItem('colosseum:private-link', JSON.stringify({ reference: 'CG-OTHER1', token: 'tok-999999' }));
    invoke.mockResolvedValue(PAID);
    renderPage();
    expect(await screen.findByText(/open it from the link in the e-mails/)).toBeInTheDocument();
    expect(screen.queryByTestId('success-check-in')).toBeNull();
  });
});
