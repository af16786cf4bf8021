import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { cancellationLine, seedHouseCancellation } from '@/test/cancellation';
import { renderWithI18n } from '@/test/render';
import { GuestBookingPanel } from './GuestBookingPanel';
import type { Database } from '@/types/database';

const rpc = vi.fn();
vi.mock('@/lib/public-db', () => ({ publicDb: { rpc: (...args: unknown[]) => rpc(...args) } }));
vi.mock('@/lib/site-content', () => ({
  useContactInfo: () => ({ address: 'a', phone: '+39 06 1234 5678', email: 'host@example.com', whatsapp: '39333' }),
}));
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
const invokeFunction = vi.fn();
vi.mock('@/lib/edge-functions', () => ({ invokeFunction: (...args: unknown[]) => invokeFunction(...args) }));

type GuestBookingView = Database['public']['CompositeTypes']['guest_booking_view'];

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** booking_by_link's answer (public.guest_booking_view, typed from the generated types). */
const view = (extra: Partial<GuestBookingView> = {}): GuestBookingView => ({
  reference: 'CG-ABC234',
  status: 'pending',
  guest_name: 'Maria Rossi',
  room_name: 'Deluxe King',
  check_in: '2027-03-05',
  check_out: '2027-03-08',
  nights: 3,
  guests: 2,
  total_amount: 420.75,
  discount_amount: 74.25,
  promo_code: 'WELCOME15',
  hold_expires_at: inMinutes(23),
  guest_confirmed: false,
  can_confirm: true,
  can_cancel: true,
  ...extra,
});

const line = cancellationLine;
/** booking_cancellation_by_link's answer: free until 3 March, €90 paid, all of it refunded if cancelled today. */
const TERMS = {
  state: 'free',
  free_until: '2027-03-03',
  deposit_cents: 9000,
  paid_cents: 9000,
  refund_cents: 9000,
  kept_cents: 0,
  reason: null,
  lines: [
    line('free_until', { date: '2027-03-03' }),
    line('refund_full', { refund_cents: 9000 }),
    line('kept_after', { amount_cents: 9000 }),
  ],
};
/** Every link RPC answers `answer(name)`; the terms RPC answers TERMS. */
const answering = (answer: (name: string) => unknown) => async (name: string) =>
  name === 'booking_cancellation_by_link' ? { data: TERMS, error: null } : answer(name);

function renderPanel(
  props: { token?: string; highlightConfirm?: boolean; onConfirmed?: () => void; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedHouseCancellation(client);
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[props.path ?? '/booking/CG-ABC234']}>
        <GuestBookingPanel
          reference="CG-ABC234"
          token={props.token ?? 'secret-token'}
          highlightConfirm={props.highlightConfirm ?? false}
          onConfirmed={props.onConfirmed}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('the guest’s private booking page', () => {
  beforeEach(() => {
    rpc.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows the request: status, hold time left, stay, discount and total; nothing is confirmed on load', async () => {
    const request = view();
    rpc.mockImplementation(answering(() => ({ data: request, error: null })));
    renderPanel({ highlightConfirm: true });
    expect(screen.getByRole('status', { name: 'Loading your booking' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Waiting for your confirmation' })).toBeInTheDocument();
    expect(screen.getByText(/\(23 min left\)/)).toBeInTheDocument();
    expect(screen.getByText('Deluxe King')).toBeInTheDocument();
    expect(screen.getByText('Fri, 5 Mar 2027')).toBeInTheDocument();
    expect(screen.getByText('€420.75')).toBeInTheDocument();
    expect(screen.getByText('-€74.25')).toBeInTheDocument();
    // the terms as the server states them, in the catalog's words
    expect(
      await screen.findByText(
        'Free cancellation until 3 March 2027. If you cancel today, we refund €90.00 in full. After that day, a cancellation refunds nothing: the deposit of €90.00 is kept.',
      ),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Confirm your request' });
    // the e-mail's Confirm link: the button is highlighted and focused, but only a click confirms
    expect(button).toHaveFocus();
    expect(rpc.mock.calls.map(([name]) => name).sort()).toEqual(['booking_by_link', 'booking_cancellation_by_link']);
    expect(rpc).toHaveBeenCalledWith('booking_by_link', { p_reference: 'CG-ABC234', p_token: 'secret-token' });
  });

  it('confirms on the guest’s click and shows the request waiting for the host', async () => {
    rpc.mockImplementation(async (name: string) =>
      name === 'confirm_booking_request'
        ? {
            data: view({ guest_confirmed: true, can_confirm: false, hold_expires_at: inMinutes(48 * 60) }),
            error: null,
          }
        : { data: view(), error: null },
    );
    const onConfirmed = vi.fn();
    renderPanel({ onConfirmed });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm your request' }));
    expect(await screen.findByRole('heading', { name: 'Confirmed by you, waiting for the host' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm your request' })).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Request confirmed', expect.anything());
    expect(onConfirmed).toHaveBeenCalled();
  });

  it('cancels only after the guest says yes in the dialog', async () => {
    rpc.mockImplementation(
      answering((name) =>
        name === 'cancel_booking_request'
          ? {
              data: view({ status: 'cancelled', can_confirm: false, can_cancel: false, hold_expires_at: null }),
              error: null,
            }
          : { data: view({ status: 'confirmed', can_confirm: false, hold_expires_at: null }), error: null },
      ),
    );
    const client = renderPanel();
    // what the page's other sections (payment, check-in) keep of this booking, and of another one
    const section = ['guest-booking', 'CG-ABC234', 'payments', 'secret-token'];
    const otherBooking = ['guest-booking', 'CG-XYZ789', 'payments', 'other-token'];
    client.setQueryData(section, { paid_cents: 9000 });
    client.setQueryData(otherBooking, { paid_cents: 100 });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    // the refund in euros before the click
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
      'Refunded to you€90.00Kept by the house€0.00',
    );
    expect(within(dialog).getByTestId('cancel-terms')).toHaveTextContent(
      'If you cancel today, we refund €90.00 in full.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(rpc).not.toHaveBeenCalledWith('cancel_booking_request', expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    expect(await screen.findByRole('heading', { name: 'This booking is cancelled' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Booking cancelled', expect.anything());
    expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
    // the other sections of this booking are asked again (the refund shows without a reload); the
    // booking itself is the cancellation's answer, not asked again
    expect(client.getQueryState(section)?.isInvalidated).toBe(true);
    expect(client.getQueryState(otherBooking)?.isInvalidated).toBe(false);
    expect(rpc.mock.calls.map(([name]) => name).filter((name) => name !== 'booking_cancellation_by_link')).toEqual([
      'booking_by_link',
      'cancel_booking_request',
    ]);
  });

  it('too close to check-in: no cancel button, the guest is told to call', async () => {
    rpc.mockResolvedValue({ data: view({ status: 'confirmed', can_confirm: false, can_cancel: false }), error: null });
    renderPanel();
    expect(await screen.findByText(/can no longer be cancelled online/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+39 06 1234 5678' })).toBeInTheDocument();
  });

  it('no receipt before check-out', async () => {
    rpc.mockResolvedValue({ data: view({ status: 'checked_in', can_confirm: false, can_cancel: false }), error: null });
    renderPanel();
    expect(await screen.findByTestId('booking-status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
  });

  it('after check-out the guest downloads the receipt by the private link', async () => {
    rpc.mockResolvedValue({
      data: view({ status: 'checked_out', can_confirm: false, can_cancel: false }),
      error: null,
    });
    invokeFunction.mockRejectedValue(new Error('500'));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt' }));
    expect(invokeFunction).toHaveBeenCalledWith('receipts', { reference: 'CG-ABC234', token: 'secret-token' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('We could not prepare your receipt', {
        description: 'Please try again in a moment.',
      }),
    );
  });

  it('a refused action shows the server’s words as the error toast', async () => {
    rpc.mockImplementation(async (name: string) =>
      name === 'cancel_booking_request'
        ? {
            data: null,
            error: {
              message: 'This booking can no longer be cancelled online. Please contact us.',
              code: 'P0001',
              hint: 'cancel_not_allowed',
            },
          }
        : { data: view(), error: null },
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel request' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'This booking can no longer be cancelled online. Please contact us.',
      }),
    );
  });

  it('every bad link gets the same plain page with a way home', async () => {
    rpc.mockResolvedValue({
      data: null,
      error: { message: 'This link is not valid.', code: 'P0001', hint: 'link_not_valid' },
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Return to Home/ })).toHaveAttribute('href', '/');
  });

  it('an address refused for too many wrong links is told so once, without asking again', async () => {
    rpc.mockResolvedValue({
      data: null,
      error: {
        message: 'Too many attempts. Please try again in a few minutes.',
        code: 'P0001',
        hint: 'too_many_attempts',
      },
    });
    renderPanel();
    expect(await screen.findByText('Too many attempts. Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We could not load your booking' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('a link without a token is not valid, without asking the server', () => {
    renderPanel({ token: '' });
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  describe('in French (/fr/booking/…)', () => {
    beforeEach(() => activateLocale('fr'));
    afterEach(() => activateLocale('en'));

    it('status, countdown, stay, amounts and actions read French', async () => {
      rpc.mockResolvedValue({ data: view(), error: null });
      renderPanel({ path: '/fr/booking/CG-ABC234' });
      expect(await screen.findByRole('heading', { name: 'En attente de votre confirmation' })).toBeInTheDocument();
      expect(screen.getByText(/\(encore 23 min\)/)).toBeInTheDocument();
      expect(screen.getByText('ven. 5 mars 2027')).toBeInTheDocument();
      expect(screen.getByText(/^420,75\s€$/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirmer votre demande' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Annuler la demande' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: "Page d'accueil du Colosseum Guest House" })).toHaveAttribute(
        'href',
        '/fr/',
      );
    });

    it('a link that is not valid says so in French, with the way home in French', async () => {
      renderPanel({ token: '', path: '/fr/booking/CG-ABC234' });
      expect(screen.getByRole('heading', { name: "Ce lien n'est pas valide" })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Retour à l'accueil/ })).toHaveAttribute('href', '/fr/');
    });
  });
});
