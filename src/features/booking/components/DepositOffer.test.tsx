import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { cancellationLine, seedHouseCancellation } from '@/test/cancellation';
import { renderWithI18n } from '@/test/render';
import type { BookingRequestResult } from '../logic/quote';
import { requestRow } from '../test-rows';
import { DepositOffer, RequestSentDialog } from './DepositOffer';

const invoke = vi.fn();
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: vi.fn() },
  invokePublicFunction: (...args: unknown[]) => invoke(...args),
}));

const REQUEST = requestRow('2027-03-29', 3, {
  booking_id: '8a0c1c1e-0000-4000-8000-000000000002',
  reference: 'CG-DEP234',
  deposit_cents: 9000,
  balance_cents: 21000,
  free_cancellation_until: '2027-03-26',
  // request_booking's terms (private.cancellation_terms), rendered by the one helper
  cancellation: {
    state: 'free',
    free_until: '2027-03-26',
    deposit_cents: 9000,
    paid_cents: 0,
    refund_cents: 0,
    kept_cents: 0,
    reason: null,
    lines: [
      cancellationLine('free_until', { date: '2027-03-26' }),
      cancellationLine('kept_after', { amount_cents: 9000 }),
    ],
  },
}) as BookingRequestResult;
const NOT_REFUNDABLE = {
  ...REQUEST.cancellation,
  state: 'non_refundable',
  free_until: null,
  lines: [cancellationLine('non_refundable')],
};

function renderAt(ui: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seedHouseCancellation(client);
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const assign = vi.fn();
beforeEach(() => {
  invoke.mockReset();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

describe('RequestSentDialog', () => {
  it('shows the server’s deposit, balance and free-cancellation day, and pays the stored booking through Checkout', async () => {
    invoke.mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    renderAt(<RequestSentDialog result={REQUEST} />);
    const dialog = screen.getByRole('dialog', { name: 'Request sent' });
    expect(dialog).toHaveTextContent('Request CG-DEP234 sent');
    expect(screen.getByTestId('offer-deposit')).toHaveTextContent('€90.00');
    expect(screen.getByTestId('offer-balance')).toHaveTextContent('€210.00');
    expect(dialog).toHaveTextContent(
      'Free cancellation until 26 March 2027. After that day, a cancellation refunds nothing: the deposit of €90.00 is kept.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay the deposit (€90.00)' }));
    // the server takes the amount from the booking: only its id is sent
    expect(invoke).toHaveBeenCalledWith('payments', {
      action: 'checkout',
      reference: REQUEST.reference,
      token: REQUEST.access_token,
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('says why when Checkout cannot start, and stays', async () => {
    invoke.mockRejectedValue(new Error('This request can no longer be paid.'));
    renderAt(<RequestSentDialog result={REQUEST} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay the deposit (€90.00)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This request can no longer be paid.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers nothing when the policy asks no deposit, and says when the rate is non-refundable', () => {
    renderAt(<DepositOffer result={{ ...REQUEST, deposit_cents: 0, balance_cents: 30000 }} />);
    expect(screen.queryByRole('button', { name: /Pay the deposit/ })).not.toBeInTheDocument();
    renderAt(<DepositOffer result={{ ...REQUEST, free_cancellation_until: null, cancellation: NOT_REFUNDABLE }} />);
    expect(screen.getByText('This rate cannot be refunded.')).toBeInTheDocument();
  });

  it('asks no payment when the host accepts each request first: the figures, and the link follows by e-mail', () => {
    renderAt(<RequestSentDialog result={{ ...REQUEST, confirm_before_payment: true }} />);
    const dialog = screen.getByRole('dialog', { name: 'Request sent' });
    expect(dialog).toHaveTextContent('Here is what you will pay, and when:');
    expect(dialog).toHaveTextContent('Deposit, once we accept your request€90.00');
    expect(screen.getByTestId('offer-balance')).toHaveTextContent('€210.00');
    expect(screen.getByTestId('payment-after-acceptance')).toHaveTextContent(
      'Once we accept yours, we will e-mail you the link to pay the deposit.',
    );
    expect(screen.queryByRole('button', { name: /Pay the deposit/ })).not.toBeInTheDocument();
  });

  describe('in Italian', () => {
    beforeEach(() => activateLocale('it'));
    afterEach(() => activateLocale('en'));

    it('writes the figures and the button as an Italian reader expects', async () => {
      renderAt(<RequestSentDialog result={REQUEST} />, '/it/');
      expect(screen.getByTestId('offer-deposit').textContent).toMatch(/^90,00\s€$/);
      expect(screen.getByRole('button', { name: /^Paga la caparra \(90,00\s€\)$/ })).toBeInTheDocument();
      expect(screen.getByText(/26 marzo 2027/)).toBeInTheDocument();
    });

    it('says in Italian that the link follows once the request is accepted', () => {
      renderAt(<DepositOffer result={{ ...REQUEST, confirm_before_payment: true }} />, '/it/');
      expect(screen.getByTestId('payment-after-acceptance').textContent).toMatch(/link per versare la caparra/);
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });
  });
});

describe('DepositOffer for the non-refundable rate (the whole stay is paid now)', () => {
  const NON_REFUNDABLE: BookingRequestResult = {
    ...REQUEST,
    total_amount: 270,
    total_cents: 27000,
    nonrefundable_discount_cents: 3000,
    deposit_cents: 27000,
    balance_cents: 0,
    free_cancellation_until: null,
    cancellation: NOT_REFUNDABLE,
  };
  afterEach(() => activateLocale('en'));

  it('asks for the stay, not a deposit, and shows no balance at the house', async () => {
    invoke.mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_test_2' });
    renderAt(<DepositOffer result={NON_REFUNDABLE} />);
    const offer = screen.getByRole('region', { name: 'Request CG-DEP234 sent: secure it by paying for your stay' });
    expect(offer).not.toHaveTextContent(/deposit|balance/i);
    expect(offer).toHaveTextContent('Your whole stay, due now€270.00');
    expect(offer).toHaveTextContent('This rate cannot be refunded.');
    expect(screen.queryByTestId('offer-balance')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay for your stay (€270.00)' }));
    expect(invoke).toHaveBeenCalledWith('payments', {
      action: 'checkout',
      reference: REQUEST.reference,
      token: REQUEST.access_token,
    });
  });

  it('promises the link to pay for the stay when the host accepts each request first', () => {
    renderAt(<DepositOffer result={{ ...NON_REFUNDABLE, confirm_before_payment: true }} />);
    expect(screen.getByRole('region', { name: 'Request CG-DEP234 sent' })).toHaveTextContent(
      'Your whole stay, once we accept your request€270.00',
    );
    expect(screen.getByTestId('payment-after-acceptance')).toHaveTextContent(
      'we will e-mail you the link to pay for your stay.',
    );
  });

  it('says it in Italian without a word about a deposit', async () => {
    await activateLocale('it');
    renderAt(<DepositOffer result={NON_REFUNDABLE} />, '/it/');
    const offer = screen.getByRole('region', {
      name: /^Richiesta CG-DEP234 inviata: confermala pagando subito il soggiorno$/,
    });
    expect(offer).not.toHaveTextContent(/caparra|saldo/i);
    expect(screen.getByRole('button', { name: /^Paga il soggiorno \(270,00\s€\)$/ })).toBeInTheDocument();
  });

  it('says it in French without a word about a deposit', async () => {
    await activateLocale('fr');
    renderAt(<DepositOffer result={NON_REFUNDABLE} />, '/fr/');
    const offer = screen.getByRole('region', {
      name: /^Demande CG-DEP234 envoyée : garantissez-la en réglant votre séjour$/,
    });
    expect(offer).not.toHaveTextContent(/acompte|solde/i);
    expect(screen.getByRole('button', { name: /^Régler mon séjour \(270,00\s€\)$/ })).toBeInTheDocument();
  });
});
