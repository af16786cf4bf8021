import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { renderWithI18n } from '@/test/render';
import RetryPayment from './RetryPayment';

const invoke = vi.fn();
const rpc = vi.fn();
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: (...args: unknown[]) => rpc(...args) },
  invokePublicFunction: (...args: unknown[]) => invoke(...args),
}));

const REFERENCE = 'CG-RETRY2';
const TOKEN = 'the-private-link-token';
const assign = vi.fn();

/** The payments function's refusal as invokePublicFunction throws it: its English text, its code as the hint. */
const refusal = (message: string, code: string) => Object.assign(new Error(message), { hint: code });

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <RetryPayment reference={REFERENCE} token={TOKEN} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  invoke.mockReset();
  // booking_by_link: the request still held
  rpc.mockReset().mockResolvedValue({
    data: { reference: REFERENCE, status: 'pending', hold_expires_at: '2027-03-01T10:00:00Z' },
    error: null,
  });
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('RetryPayment', () => {
  it('says in Italian why the deposit cannot be paid, from the code the payments function sends', async () => {
    await activateLocale('it');
    invoke.mockRejectedValue(refusal('Nothing is due online for this booking.', 'nothing_due'));
    renderAt('/it/booking-cancelled');
    await userEvent.click(await screen.findByRole('button', { name: 'Riprova il pagamento' }));
    expect(rpc).toHaveBeenCalledWith('booking_by_link', { p_reference: REFERENCE, p_token: TOKEN });
    expect(invoke).toHaveBeenCalledWith('payments', { action: 'checkout', reference: REFERENCE, token: TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Per questa prenotazione non c'è nulla da pagare online.",
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('in French too; a refusal without a code shows as the server sent it', async () => {
    await activateLocale('fr');
    invoke.mockRejectedValue(refusal('Too many payment attempts. Please try again in a few minutes.', 'rate_limited'));
    renderAt('/fr/booking-cancelled');
    const retry = await screen.findByRole('button', { name: /paiement/ });
    await userEvent.click(retry);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives de paiement. Merci de réessayer dans quelques minutes.',
    );
    invoke.mockRejectedValue(new Error('Request failed (502)'));
    await userEvent.click(retry);
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Request failed (502)'));
  });

  it('shows nothing once the request of the link is no longer held', async () => {
    rpc.mockResolvedValue({ data: { reference: REFERENCE, status: 'expired', hold_expires_at: null }, error: null });
    renderAt('/booking-cancelled');
    await vi.waitFor(() => expect(rpc).toHaveBeenCalled());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
