// What the booking forms' component tests share: one room,
// the server's answers for a free stay, and the clicks that pick it. Each test file mocks the
// modules itself (public-db, rooms, site content, toasts) and answers the RPCs with these rows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { addDaysISO, todayISO } from '@/lib/dates';
import { seedHouseCancellation } from '@/test/cancellation';
import { renderWithI18n } from '@/test/render';
import type { Database } from '@/types/database';
import { quoteRow } from '../test-rows';

/** The arguments of an RPC as the generated types describe them (what a test expects to be sent). */
export type RpcArgs<F extends keyof Database['public']['Functions']> = Partial<
  Database['public']['Functions'][F]['Args']
>;

/** The one room of the forms' tests (the public rooms list's shape). */
// jsdom has no matchMedia: every form test sees a wide screen (two months side by side)
window.matchMedia ??= (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

export const TEST_ROOM = {
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

export const CHECK_IN = addDaysISO(todayISO(), 10);
export const CHECK_OUT = addDaysISO(todayISO(), 13);

/** Every night of [from, to) free at €100 (room_calendar's rows). */
export function calendarRows(from: string, to: string) {
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

/** quote_stay's answer for CHECK_IN..CHECK_OUT: 3 nights at €100, flexible, 30 % deposit, no extras. */
export const QUOTE = quoteRow(CHECK_IN, 3, {
  deposit_cents: 9000,
  balance_cents: 21000,
  free_cancellation_until: addDaysISO(todayISO(), 3),
  rate_plans: { non_refundable: { available: true, discount_percent: 10 } },
});

/** The calendar's day button of an ISO date (its name starts with the long date). */
export async function dayButton(scope: HTMLElement, iso: string) {
  const [y, m, d] = iso.split('-').map(Number);
  const name = format(new Date(y, m - 1, d), 'EEEE, d MMMM yyyy');
  return within(scope).findByRole('button', { name: new RegExp(`^${name}`) });
}

/** Picks CHECK_IN..CHECK_OUT and types the guest's name and e-mail (English labels). */
export async function fillRequired(scope: HTMLElement) {
  await userEvent.click(await dayButton(scope, CHECK_IN));
  await userEvent.click(await dayButton(scope, CHECK_OUT));
  fireEvent.change(within(scope).getByLabelText('Full Name'), { target: { value: 'Maria Rossi' } });
  fireEvent.change(within(scope).getByLabelText('Email'), { target: { value: 'maria@example.com' } });
}

/** Renders a form on a page of the site: `/` (English) unless another language's path is given. */
export function renderOnPage(ui: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // the cancellation sentences' catalog, as every prerendered page embeds it
  seedHouseCancellation(client);
  return renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
