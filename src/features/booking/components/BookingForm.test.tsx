import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serviceRow, tableStub } from '../test-fixtures';
import { requestFor, type QuoteRow } from '../test-rows';
import BookingForm from './BookingForm';
import {
  calendarRows,
  CHECK_IN,
  CHECK_OUT,
  dayButton,
  QUOTE,
  renderOnPage,
  TEST_ROOM,
  type RpcArgs,
} from './form-test-kit';

vi.setConfig({ testTimeout: 20_000 });

const BREAKFAST = serviceRow({
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Breakfast in the Room',
  price: 12,
  category: 'dining',
  pricing_unit: 'per_night',
});
const rpc = vi.fn();
const services = tableStub([BREAKFAST]);
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

/** quote_stay's answer (the server's figures): with the breakfasts asked for, two a night for 3 nights. */
function quoteFor(args: Record<string, unknown>): QuoteRow {
  if (!Array.isArray(args.p_extras) || args.p_extras.length === 0) return QUOTE;
  return {
    ...QUOTE,
    extras: [
      {
        service_id: BREAKFAST.id,
        name: BREAKFAST.name,
        pricing_unit: 'per_night',
        quantity: 2,
        unit_price_cents: 1200,
        line_total_cents: 7200,
      },
    ],
    extras_cents: 7200,
    total_cents: 37200,
    deposit_cents: 11160,
    balance_cents: 26040,
  };
}

beforeEach(() => {
  rpc.mockReset();
  rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
    if (name === 'room_calendar') return { data: calendarRows(String(args.p_from), String(args.p_to)), error: null };
    if (name === 'quote_stay') return { data: quoteFor(args), error: null };
    if (name === 'request_booking')
      return { data: requestFor(quoteFor(args), { reference: 'CG-FRM234', total_amount: 300 }), error: null };
    return { data: null, error: null };
  });
});

it('the #booking form sends the extras chosen, and its quote shows them', async () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  renderOnPage(<BookingForm />);
  const form = screen.getByRole('form', { name: 'Booking request' });
  await userEvent.click(await dayButton(form, CHECK_IN));
  await userEvent.click(await dayButton(form, CHECK_OUT));
  fireEvent.change(within(form).getByLabelText('Room'), { target: { value: 'room-1' } });
  fireEvent.change(within(form).getByLabelText('Full Name'), { target: { value: 'Maria Rossi' } });
  fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'maria@example.com' } });
  expect(await within(form).findAllByText('€300.00', { selector: 'dd' })).toHaveLength(2); // the nights and the total

  await userEvent.click(within(form).getByText('Extras (optional)'));
  expect(within(form).getByText('€12.00 per night')).toBeInTheDocument();
  const more = within(form).getByRole('button', { name: 'One more: Breakfast in the Room' });
  await userEvent.click(more);
  await userEvent.click(more);
  const line = await within(form).findByTestId('quote-extra');
  expect(line).toHaveTextContent('Breakfast in the Room × 2€72.00');
  expect(within(form).getByText('€372.00')).toBeInTheDocument();
  expect(within(form).getByText('€111.60')).toBeInTheDocument();

  await userEvent.click(within(form).getByRole('button', { name: 'Send Booking Request' }));
  await waitFor(() => expect(open).toHaveBeenCalled());
  expect(rpc).toHaveBeenCalledWith(
    'request_booking',
    expect.objectContaining({
      p_room_id: 'room-1',
      p_extras: [{ service_id: BREAKFAST.id, quantity: 2 }],
      p_rate_plan: 'flexible',
    } satisfies RpcArgs<'request_booking'>),
  );
  // the form resets, extras too
  await waitFor(() =>
    expect(within(form).getByRole('group', { name: 'Breakfast in the Room' })).toHaveTextContent('Quantity 0'),
  );
  open.mockRestore();
});
