import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cancellationLine } from '@/test/cancellation';
import { serviceRow, tableStub } from '../test-fixtures';
import { requestFor, type QuoteRow } from '../test-rows';
import BookingDialog from './BookingDialog';
import {
  calendarRows,
  fillRequired,
  QUOTE as quote,
  renderOnPage,
  TEST_ROOM,
  type RpcArgs as Args,
} from './form-test-kit';

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
vi.mock('@/lib/public-rooms/api', () => ({
  usePublicRooms: () => ({ data: [TEST_ROOM], isLoading: false, isPending: false }),
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** quote_stay's answer with the airport transfer added once (the server's figures). */
const quoteWithTransfer: QuoteRow = {
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
const quoteNonRefundable: QuoteRow = {
  ...quote,
  rate_plan: 'non_refundable',
  nonrefundable_discount_cents: 3000,
  total_cents: 27000,
  deposit_cents: 27000,
  balance_cents: 0,
  free_cancellation_until: null,
  cancellation: {
    ...quote.cancellation!,
    state: 'non_refundable',
    free_until: null,
    deposit_cents: 27000,
    lines: [cancellationLine('non_refundable')],
  },
};

function renderDialog() {
  const onBooked = vi.fn();
  renderOnPage(
    <BookingDialog open onOpenChange={() => {}} onBooked={onBooked} roomId="room-1" roomName="Superior King" />,
  );
  return { dialog: screen.getByRole('dialog'), onBooked };
}

beforeEach(() => rpc.mockReset());

describe('Book Your Stay dialog: extras and the rate', () => {
  it('adds an extra: the quote shows its line, the total, deposit and balance; the request stores it', async () => {
    rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
      if (name === 'room_calendar') return { data: calendarRows(String(args.p_from), String(args.p_to)), error: null };
      if (name === 'quote_stay') return { data: args.p_extras ? quoteWithTransfer : quote, error: null };
      if (name === 'request_booking')
        return {
          data: requestFor(quoteWithTransfer, { booking_id: 'b2', reference: 'CG-EXT234', total_amount: 300 }),
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
        return { data: requestFor(quoteNonRefundable, { booking_id: 'b3', reference: 'CG-NRF234' }), error: null };
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
    const flexibleOnly: QuoteRow = {
      ...quote,
      rate_plans: { non_refundable: { available: false, discount_percent: 10 } },
    };
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
});
