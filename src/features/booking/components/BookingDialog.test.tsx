import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { it as italian } from 'date-fns/locale';
import { MemoryRouter } from 'react-router-dom';
import { addDaysISO, todayISO } from '@/lib/dates';
import { activateLocale } from '@/lib/i18n';
import { renderWithI18n } from '@/test/render';
import type { Database } from '@/types/database';
import { serviceRow, tableStub } from '../test-fixtures';
import BookingDialog from './BookingDialog';

type Args<F extends keyof Database['public']['Functions']> = Partial<Database['public']['Functions'][F]['Args']>;

// jsdom has no matchMedia: a wide screen (two months side by side)
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addEventListener: () => {},
  removeEventListener: () => {},
})) as unknown as typeof window.matchMedia;

// the calendar renders two months of day buttons: slower than a plain form in jsdom
vi.setConfig({ testTimeout: 20_000 });

const rpc = vi.fn();
const TRANSFER = serviceRow({
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Airport Transfer',
  price: 55,
  category: 'transport',
  translations: { it: { name: 'Transfer dall’aeroporto' } },
});
const services = tableStub([TRANSFER]);
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: (...args: unknown[]) => rpc(...args), from: (table: string) => services.from(table) },
}));
vi.mock('@/lib/site-content', () => ({
  useContactInfo: () => ({ address: 'a', phone: '+39 06 1', email: 'host@example.com', whatsapp: '393331234567' }),
}));
const room = {
  id: 'room-1',
  name: 'Superior King',
  room_number: '101',
  room_type: 'deluxe',
  status: 'available',
  description: null,
  price_per_night: 100,
  max_guests: 2,
  beds: 1,
  bathrooms: 1,
  amenities: [],
  image_url: null,
  room_promo_codes: [],
};
vi.mock('@/lib/public-rooms/api', () => ({
  usePublicRooms: () => ({ data: [room], isLoading: false, isPending: false }),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** The dialog on a page of the site: `/` (English) unless another language's path is given. */
function renderDialog(onBooked = vi.fn(), path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BookingDialog
          open
          onOpenChange={() => {}}
          onBooked={onBooked}
          roomId="room-1"
          roomName="Superior King"
          roomPrice={100}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onBooked };
}

const checkIn = addDaysISO(todayISO(), 10);
const checkOut = addDaysISO(todayISO(), 13);
const formatLong = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'EEE, d MMM yyyy');
};

/** The calendar's day button of an ISO date (its name starts with the long date). */
async function dayButton(dialog: HTMLElement, iso: string) {
  const [y, m, d] = iso.split('-').map(Number);
  const name = format(new Date(y, m - 1, d), 'EEEE, d MMMM yyyy');
  return within(dialog).findByRole('button', { name: new RegExp(`^${name}`) });
}

/** Every night of [from, to) free at €100 (room_calendar's rows). */
function calendarRows(from: string, to: string) {
  const rows = [];
  for (let day = from; day < to; day = addDaysISO(day, 1)) {
    rows.push({
      night: day,
      available: true,
      price: 100,
      min_nights: 1,
      closed_to_arrival: false,
      closed_to_departure: false,
    });
  }
  return rows;
}

const quote = {
  nights: 3,
  nightly: [0, 1, 2].map((i) => ({ night: addDaysISO(addDaysISO(todayISO(), 10), i), price: 100, season: null })),
  subtotal: 300,
  discount_percentage: 0,
  discount_amount: 0,
  total: 300,
  promo_code: null,
  city_tax: { per_person_per_night: 6, nights_charged: 3, guests: 2, exempt_under_age: 10, amount: 36 },
  bookable: true,
  problems: [],
  rate_plan: 'flexible',
  nonrefundable_discount_cents: 0,
  extras: [],
  extras_cents: 0,
  total_cents: 30000,
  deposit_cents: 9000,
  balance_cents: 21000,
  free_cancellation_until: addDaysISO(todayISO(), 3),
  rate_plans: { non_refundable: { available: true, discount_percent: 10 } },
};

/** quote_stay's answer with the airport transfer added once (the server's figures). */
const quoteWithTransfer = {
  ...quote,
  extras: [
    {
      service_id: TRANSFER.id,
      name: 'Airport Transfer',
      pricing_unit: 'per_stay',
      quantity: 1,
      unit_price_cents: 5500,
      line_total_cents: 5500,
    },
  ],
  extras_cents: 5500,
  total_cents: 35500,
  deposit_cents: 10650,
  balance_cents: 24850,
};

/** quote_stay's answer on the non-refundable rate: 10 % off the nights, all paid now. */
const quoteNonRefundable = {
  ...quote,
  rate_plan: 'non_refundable',
  nonrefundable_discount_cents: 3000,
  total_cents: 27000,
  deposit_cents: 27000,
  balance_cents: 0,
  free_cancellation_until: null,
};

async function fillRequired(dialog: HTMLElement) {
  await userEvent.click(await dayButton(dialog, checkIn));
  await userEvent.click(await dayButton(dialog, checkOut));
  fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Maria Rossi' } });
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'maria@example.com' } });
}

describe('Book Your Stay dialog', () => {
  beforeEach(() => {
    rpc.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay') return { data: quote, error: null };
      if (name === 'check_promo_code') return { data: { status: 'valid', discount_percentage: 15 }, error: null };
      if (name === 'request_booking')
        return {
          data: {
            booking_id: 'b1',
            reference: 'CG-ABC123',
            nights: 3,
            price_per_night: 100,
            subtotal: 300,
            discount_percentage: 15,
            discount_amount: 45,
            total_amount: 255,
            total_cents: 25500,
            extras: [],
          },
          error: null,
        };
      return { data: null, error: null };
    });
  });

  it('applies a promo code (locks the input, shows the percentage) and removes it on a second click', async () => {
    const { dialog } = renderDialog();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Promo Code'), 'save15');
    await userEvent.click(apply);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Promo Code Applied!', {
        description: '15% discount has been applied to your booking.',
      }),
    );
    expect(rpc).toHaveBeenCalledWith('check_promo_code', { p_code: 'SAVE15', p_room_id: 'room-1' });
    expect(within(dialog).getByLabelText('Promo Code')).toHaveAttribute('readonly');
    const applied = within(dialog).getByRole('button', { name: /15%/ });
    await userEvent.click(applied);
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Promo Code')).not.toHaveAttribute('readonly');
  });

  it.each([
    ['expired', 'Promo Code Expired'],
    ['not_yet_valid', 'Promo Code Not Yet Valid'],
    ['limit_reached', 'Promo Code Limit Reached'],
    ['not_found', 'Invalid Promo Code'],
  ])('shows the %s toast and applies nothing', async (status, title) => {
    rpc.mockImplementation(async () => ({ data: { status, discount_percentage: null }, error: null }));
    const { dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Promo Code'), 'X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(title, expect.anything()));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('asks for the required fields first', async () => {
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Missing Information', {
        description: 'Please fill in all required fields including dates.',
      }),
    );
    expect(rpc).not.toHaveBeenCalledWith('request_booking', expect.anything());
  });

  it('shows nights, total and availability, records the request, then opens WhatsApp with the reference', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, onBooked } = renderDialog();
    await fillRequired(dialog);
    expect(within(dialog).getByLabelText('Check-in Date')).toHaveValue(formatLong(checkIn));
    expect(await within(dialog).findByText('Available for your dates')).toBeInTheDocument();
    expect(within(dialog).getByText('€100.00 × 3 nights')).toBeInTheDocument();
    expect(within(dialog).getAllByText('€300.00', { selector: 'dd' })).toHaveLength(2); // the nights and the total
    expect(within(dialog).getByText(/City tax, payable at the property/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(rpc).toHaveBeenCalledWith(
      'request_booking',
      expect.objectContaining({
        p_room_id: 'room-1',
        p_check_in: checkIn,
        p_check_out: checkOut,
        p_guests: 2,
        p_guest_name: 'Maria Rossi',
      }),
    );
    const url = open.mock.calls[0][0] as string;
    expect(url.startsWith('https://wa.me/393331234567?text=')).toBe(true);
    expect(decodeURIComponent(url)).toContain('Booking reference: CG-ABC123');
    expect(toast.success).toHaveBeenCalledWith('Opening WhatsApp', {
      description:
        "Redirecting to WhatsApp to complete your booking request. We've also e-mailed you a link to confirm your request.",
    });
    open.mockRestore();
  });

  it('adds an extra: the quote shows its line, the total, deposit and balance; the request stores it', async () => {
    rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
      if (name === 'room_calendar') return { data: calendarRows(String(args.p_from), String(args.p_to)), error: null };
      if (name === 'quote_stay') return { data: args.p_extras ? quoteWithTransfer : quote, error: null };
      if (name === 'request_booking')
        return {
          data: { ...quoteWithTransfer, booking_id: 'b2', reference: 'CG-EXT234', total_amount: 300 },
          error: null,
        };
      return { data: null, error: null };
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, onBooked } = renderDialog();
    await fillRequired(dialog);
    expect(await within(dialog).findByText('€90.00')).toBeInTheDocument(); // the deposit of the stay alone
    await userEvent.click(within(dialog).getByText('Extras (optional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'One more: Airport Transfer' }));
    const line = await within(dialog).findByTestId('quote-extra');
    expect(line).toHaveTextContent('Airport Transfer × 1');
    expect(line).toHaveTextContent('€55.00');
    expect(within(dialog).getByText('€355.00')).toBeInTheDocument();
    expect(within(dialog).getByText('€106.50')).toBeInTheDocument();
    expect(within(dialog).getByText('€248.50')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith(
      'quote_stay',
      expect.objectContaining({ p_extras: [{ service_id: TRANSFER.id, quantity: 1 }] } satisfies Args<'quote_stay'>),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(rpc).toHaveBeenCalledWith(
      'request_booking',
      expect.objectContaining({
        p_extras: [{ service_id: TRANSFER.id, quantity: 1 }],
        p_rate_plan: 'flexible',
      } satisfies Args<'request_booking'>),
    );
    const message = new URL(open.mock.calls[0][0] as string).searchParams.get('text')!;
    expect(message).toContain('Extras: Airport Transfer × 1 (€55.00)');
    expect(message).toContain('Total: €355.00');
    open.mockRestore();
  });

  it('offers the non-refundable rate when the policy does, and sends it', async () => {
    rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
      if (name === 'room_calendar') return { data: calendarRows(String(args.p_from), String(args.p_to)), error: null };
      if (name === 'quote_stay')
        return { data: args.p_rate_plan === 'non_refundable' ? quoteNonRefundable : quote, error: null };
      if (name === 'request_booking')
        return { data: { ...quoteNonRefundable, booking_id: 'b3', reference: 'CG-NRF234' }, error: null };
      return { data: null, error: null };
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, onBooked } = renderDialog();
    await fillRequired(dialog);
    const nonRefundable = await within(dialog).findByRole('radio', { name: /Non-refundable rate: 10% off the nights/ });
    expect(within(dialog).getByRole('radio', { name: /Flexible rate/ })).toBeChecked();
    await userEvent.click(nonRefundable);
    expect(await within(dialog).findByText('Non-refundable rate (-10%)')).toBeInTheDocument();
    expect(within(dialog).getByText('-€30.00')).toBeInTheDocument();
    expect(within(dialog).getByText('This rate cannot be refunded.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(rpc).toHaveBeenCalledWith(
      'request_booking',
      expect.objectContaining({ p_rate_plan: 'non_refundable' } satisfies Args<'request_booking'>),
    );
    vi.mocked(window.open).mockRestore();
  });

  it('no rate choice when the policy does not offer the non-refundable rate', async () => {
    const flexibleOnly = { ...quote, rate_plans: { non_refundable: { available: false, discount_percent: 10 } } };
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay') return { data: flexibleOnly, error: null };
      return { data: null, error: null };
    });
    const { dialog } = renderDialog();
    await fillRequired(dialog);
    expect(await within(dialog).findByText('Available for your dates')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a stay the quote refuses cannot be sent, and shows why', async () => {
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay')
        return {
          data: {
            ...quote,
            bookable: false,
            problems: [{ code: 'min_stay', message: 'A stay arriving on that day must be at least 4 nights.' }],
          },
          error: null,
        };
      return { data: null, error: null };
    });
    const { dialog } = renderDialog();
    await fillRequired(dialog);
    expect(
      await within(dialog).findByText('A stay arriving on that day must be at least 4 nights.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Book via WhatsApp' })).toBeDisabled();
  });

  /** quote_stay and the calendar answer as for a free stay; request_booking fails with `error`. */
  function requestFailsWith(error: { message: string; code: string }) {
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay') return { data: quote, error: null };
      return { data: null, error };
    });
  }

  it('a request the server refuses shows its reason as the error toast and opens nothing', async () => {
    requestFailsWith({ message: 'This room is not available for the selected dates.', code: 'P0001' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, onBooked } = renderDialog();
    await fillRequired(dialog);
    expect(await within(dialog).findByText('Available for your dates')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'This room is not available for the selected dates.',
      }),
    );
    expect(open).not.toHaveBeenCalled();
    expect(onBooked).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('too many open requests: the guest reads why', async () => {
    const reason =
      "You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.";
    requestFailsWith({ message: reason, code: 'P0001' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog } = renderDialog();
    await fillRequired(dialog);
    expect(await within(dialog).findByText('Available for your dates')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: reason }));
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('a failure that is not a refusal keeps the generic text', async () => {
    requestFailsWith({ message: 'TypeError: Failed to fetch', code: '' });
    const { dialog } = renderDialog();
    await fillRequired(dialog);
    expect(await within(dialog).findByText('Available for your dates')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book via WhatsApp' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Something went wrong. Please try again.' }),
    );
  });

  describe('on the Italian site', () => {
    beforeEach(() => activateLocale('it'));
    afterEach(() => activateLocale('en'));

    /** The Italian calendar's day button (its name starts with the Italian long date). */
    async function giorno(dialog: HTMLElement, iso: string) {
      const [y, m, d] = iso.split('-').map(Number);
      const name = format(new Date(y, m - 1, d), 'PPPP', { locale: italian });
      return within(dialog).findByRole('button', { name: new RegExp(`^${name}`) });
    }

    it('speaks Italian: labels, calendar, missing-field toast', async () => {
      const { dialog } = renderDialog(vi.fn(), '/it/');
      expect(within(dialog).getByRole('heading', { name: 'Prenota il tuo soggiorno' })).toBeInTheDocument();
      expect(within(dialog).getByText(/100,00\s€ a notte/)).toBeInTheDocument();
      const month = format(new Date(), 'LLLL yyyy', { locale: italian }); // "novembre 2026"
      expect(within(dialog).getByText(month)).toBeInTheDocument();
      expect(within(dialog).getAllByText('lun').length).toBeGreaterThan(0); // Monday's column
      expect(await giorno(dialog, checkIn)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Prenota su WhatsApp' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Dati mancanti', {
          description: 'Compila tutti i campi obbligatori, date comprese.',
        }),
      );
    });

    it('sends the request in Italian: p_language, WhatsApp message, toast', async () => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const { dialog, onBooked } = renderDialog(vi.fn(), '/it/');
      await userEvent.click(await giorno(dialog, checkIn));
      await userEvent.click(await giorno(dialog, checkOut));
      fireEvent.change(within(dialog).getByLabelText('Nome e cognome'), { target: { value: 'Maria Rossi' } });
      fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'maria@example.com' } });
      expect(await within(dialog).findByText('Disponibile nelle tue date')).toBeInTheDocument();
      expect(within(dialog).getByText(/100,00\s€ × 3 notti/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Prenota su WhatsApp' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalled());
      expect(rpc).toHaveBeenCalledWith('request_booking', expect.objectContaining({ p_language: 'it' }));
      const message = new URL(open.mock.calls[0][0] as string).searchParams.get('text')!;
      expect(message).toContain('Ciao! Vorrei richiedere una prenotazione');
      expect(message).toContain('Codice prenotazione: CG-ABC123');
      expect(message).toMatch(/Totale: 255,00\s€/);
      expect(toast.success).toHaveBeenCalledWith('Apriamo WhatsApp', expect.anything());
      open.mockRestore();
    });

    it('shows the server’s refusal in Italian', async () => {
      requestFailsWith({
        message:
          "You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.",
        code: 'P0001',
      });
      const { dialog } = renderDialog(vi.fn(), '/it/');
      await userEvent.click(await giorno(dialog, checkIn));
      await userEvent.click(await giorno(dialog, checkOut));
      fireEvent.change(within(dialog).getByLabelText('Nome e cognome'), { target: { value: 'Maria Rossi' } });
      fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'maria@example.com' } });
      expect(await within(dialog).findByText('Disponibile nelle tue date')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Prenota su WhatsApp' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Errore', {
          description:
            "Hai già 2 richieste in attesa di risposta. Confermane o cancellane una, oppure aspetta la risposta dell'host.",
        }),
      );
    });
  });
});
