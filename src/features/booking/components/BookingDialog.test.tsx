import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { it as italian } from 'date-fns/locale';
import { activateLocale } from '@/lib/i18n';
import { promoRow, quoteRow, refusalError, requestRow } from '../test-rows';
import { tableStub } from '../test-fixtures';
import BookingDialog from './BookingDialog';
import {
  calendarRows,
  CHECK_IN as checkIn,
  CHECK_OUT as checkOut,
  fillRequired,
  QUOTE as quote,
  renderOnPage,
  TEST_ROOM,
} from './form-test-kit';

// the calendar renders two months of day buttons: slower than a plain form in jsdom
vi.setConfig({ testTimeout: 20_000 });

const rpc = vi.fn();
const services = tableStub([]); // no extras offered: the dialog as before them (see BookingDialog.extras.test.tsx)
vi.mock('@/lib/public-db', () => ({
  publicDb: { rpc: (...args: unknown[]) => rpc(...args), from: (table: string) => services.from(table) },
}));
vi.mock('@/lib/site-content', () => ({
  useContactInfo: () => ({ address: 'a', phone: '+39 06 1', email: 'host@example.com', whatsapp: '393331234567' }),
}));
vi.mock('@/lib/public-rooms/api', () => ({
  usePublicRooms: () => ({ data: [TEST_ROOM], isLoading: false, isPending: false }),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** The dialog on a page of the site: `/` (English) unless another language's path is given. */
function renderDialog(onBooked = vi.fn(), path = '/') {
  renderOnPage(
    <BookingDialog
      open
      onOpenChange={() => {}}
      onBooked={onBooked}
      roomId="room-1"
      roomName="Superior King"
      roomPrice={100}
    />,
    path,
  );
  return { dialog: screen.getByRole('dialog'), onBooked };
}

const formatLong = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'EEE, d MMM yyyy');
};

describe('Book Your Stay dialog', () => {
  beforeEach(() => {
    rpc.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay') return { data: quote, error: null };
      if (name === 'check_promo_code') return { data: promoRow('valid', 15), error: null };
      if (name === 'request_booking')
        return {
          data: requestRow(checkIn, 3, {
            discount_percentage: 15,
            discount_amount: 45,
            total_amount: 255,
            total_cents: 25500,
            balance_cents: 25500,
          }),
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
  ] as const)('shows the %s toast and applies nothing', async (status, title) => {
    rpc.mockImplementation(async (name: string, args: Record<string, string>) =>
      name === 'room_calendar'
        ? { data: calendarRows(args.p_from, args.p_to), error: null }
        : { data: promoRow(status), error: null },
    );
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

  /** quote_stay answers that the stay breaks the arrival's minimum stay of 4 nights. */
  function quoteRefusesMinStay() {
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay') {
        const problem = {
          code: 'min_stay',
          message: 'A stay arriving on …',
          details: { min_nights: 4, check_in: checkIn },
        };
        return { data: quoteRow(checkIn, 3, { bookable: false, problems: [problem] }), error: null };
      }
      return { data: null, error: null };
    });
  }

  it('a stay the quote refuses cannot be sent, and shows why from its code and values', async () => {
    quoteRefusesMinStay();
    const { dialog } = renderDialog();
    await fillRequired(dialog);
    const arrival = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${checkIn}T00:00:00Z`),
    );
    expect(
      await within(dialog).findByText(`A stay arriving on ${arrival} must be at least 4 nights.`),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Book via WhatsApp' })).toBeDisabled();
  });

  /** quote_stay and the calendar answer as for a free stay; request_booking fails with `error`. */
  function requestFailsWith(error: { message: string; code: string; hint?: string; details?: string | null }) {
    rpc.mockImplementation(async (name: string, args: Record<string, string>) => {
      if (name === 'room_calendar') return { data: calendarRows(args.p_from, args.p_to), error: null };
      if (name === 'quote_stay') return { data: quote, error: null };
      return { data: null, error };
    });
  }

  it('a request the server refuses shows its reason as the error toast and opens nothing', async () => {
    requestFailsWith(refusalError('unavailable', 'This room is not available for the selected dates.'));
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
    requestFailsWith(refusalError('open_requests', reason, { open_requests: 2 }));
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

    it('shows the quote’s minimum stay in Italian, with the arrival day written in Italian', async () => {
      quoteRefusesMinStay();
      const { dialog } = renderDialog(vi.fn(), '/it/');
      await userEvent.click(await giorno(dialog, checkIn));
      await userEvent.click(await giorno(dialog, checkOut));
      const arrivo = format(new Date(`${checkIn}T00:00:00`), 'EEEE d MMMM yyyy', { locale: italian });
      expect(
        await within(dialog).findByText(`Per chi arriva ${arrivo} il soggiorno minimo è di 4 notti.`),
      ).toBeInTheDocument();
    });

    it('shows the server’s refusal in Italian', async () => {
      // the code and its values make the sentence; the English message is the API's
      requestFailsWith(refusalError('open_requests', 'You already have 2 requests …', { open_requests: 2 }));
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
