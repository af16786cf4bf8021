import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { MemoryRouter } from 'react-router-dom';
import { addDaysISO, todayISO } from '@/lib/dates';
import { renderWithI18n } from '@/test/render';
import type { Database } from '@/types/database';
import { serviceRow, tableStub } from '../test-fixtures';
import BookingForm from './BookingForm';

// jsdom has no matchMedia: a wide screen (two months side by side)
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addEventListener: () => {},
  removeEventListener: () => {},
})) as unknown as typeof window.matchMedia;
vi.setConfig({ testTimeout: 20_000 });

type Args<F extends keyof Database['public']['Functions']> = Partial<Database['public']['Functions'][F]['Args']>;

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
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const checkIn = addDaysISO(todayISO(), 10);
const checkOut = addDaysISO(todayISO(), 12);

/** quote_stay's answer (the server's figures): two nights at €100, with or without two breakfasts a night. */
function quoteFor(args: Record<string, unknown>) {
  const breakfasts = Array.isArray(args.p_extras) && args.p_extras.length > 0;
  return {
    nights: 2,
    nightly: [0, 1].map((i) => ({ night: addDaysISO(checkIn, i), price: 100, season: null })),
    subtotal: 200,
    discount_percentage: 0,
    discount_amount: 0,
    total: 200,
    promo_code: null,
    city_tax: { per_person_per_night: 6, nights_charged: 2, guests: 2, exempt_under_age: 10, amount: 24 },
    bookable: true,
    problems: [],
    rate_plan: 'flexible',
    nonrefundable_discount_cents: 0,
    extras: breakfasts
      ? [
          {
            service_id: BREAKFAST.id,
            name: BREAKFAST.name,
            pricing_unit: 'per_night',
            quantity: 2,
            unit_price_cents: 1200,
            line_total_cents: 4800,
          },
        ]
      : [],
    extras_cents: breakfasts ? 4800 : 0,
    total_cents: breakfasts ? 24800 : 20000,
    deposit_cents: breakfasts ? 7440 : 6000,
    balance_cents: breakfasts ? 17360 : 14000,
    free_cancellation_until: addDaysISO(checkIn, -7),
    rate_plans: { non_refundable: { available: true, discount_percent: 10 } },
  };
}

beforeEach(() => {
  rpc.mockReset();
  rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
    if (name === 'room_calendar') {
      const rows = [];
      for (let day = String(args.p_from); day < String(args.p_to); day = addDaysISO(day, 1))
        rows.push({
          night: day,
          available: true,
          price: 100,
          min_nights: 1,
          closed_to_arrival: false,
          closed_to_departure: false,
        });
      return { data: rows, error: null };
    }
    if (name === 'quote_stay') return { data: quoteFor(args), error: null };
    if (name === 'request_booking')
      return { data: { ...quoteFor(args), booking_id: 'b1', reference: 'CG-FRM234', total_amount: 200 }, error: null };
    return { data: null, error: null };
  });
});

async function day(form: HTMLElement, iso: string) {
  const [y, m, d] = iso.split('-').map(Number);
  const name = format(new Date(y, m - 1, d), 'EEEE, d MMMM yyyy');
  return within(form).findByRole('button', { name: new RegExp(`^${name}`) });
}

it('the #booking form sends the extras chosen, and its quote shows them', async () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BookingForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = screen.getByRole('form', { name: 'Booking request' });
  await userEvent.click(await day(form, checkIn));
  await userEvent.click(await day(form, checkOut));
  fireEvent.change(within(form).getByLabelText('Room'), { target: { value: 'room-1' } });
  fireEvent.change(within(form).getByLabelText('Full Name'), { target: { value: 'Maria Rossi' } });
  fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'maria@example.com' } });
  expect(await within(form).findAllByText('€200.00', { selector: 'dd' })).toHaveLength(2); // the nights and the total

  await userEvent.click(within(form).getByText('Extras (optional)'));
  expect(within(form).getByText('€12.00 per night')).toBeInTheDocument();
  const more = within(form).getByRole('button', { name: 'One more: Breakfast in the Room' });
  await userEvent.click(more);
  await userEvent.click(more);
  const line = await within(form).findByTestId('quote-extra');
  expect(line).toHaveTextContent('Breakfast in the Room × 2€48.00');
  expect(within(form).getByText('€248.00')).toBeInTheDocument();
  expect(within(form).getByText('€74.40')).toBeInTheDocument();

  await userEvent.click(within(form).getByRole('button', { name: 'Send Booking Request' }));
  await waitFor(() => expect(open).toHaveBeenCalled());
  expect(rpc).toHaveBeenCalledWith(
    'request_booking',
    expect.objectContaining({
      p_room_id: 'room-1',
      p_extras: [{ service_id: BREAKFAST.id, quantity: 2 }],
      p_rate_plan: 'flexible',
    } satisfies Args<'request_booking'>),
  );
  // the form resets, extras too: the next quote asks for none
  await waitFor(() =>
    expect(within(form).getByRole('group', { name: 'Breakfast in the Room' })).toHaveTextContent('Quantity 0'),
  );
  open.mockRestore();
});
