import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { renderWithI18n } from '@/test/render';
import { serviceRow, tableStub } from '../test-fixtures';
import { useStayExtras } from '../use-stay-extras';
import { ExtrasPicker } from './ExtrasPicker';

const SERVICES = [
  serviceRow({
    id: '10000000-0000-4000-8000-000000000001',
    name: 'Airport Transfer',
    price: 55,
    category: 'transport',
    pricing_unit: 'per_stay',
    translations: { it: { name: 'Transfer dall’aeroporto' }, fr: { name: 'Transfert aéroport' } },
  }),
  serviceRow({ id: '10000000-0000-4000-8000-000000000002', name: 'Breakfast', price: 12, pricing_unit: 'per_night' }),
  serviceRow({
    id: '10000000-0000-4000-8000-000000000003',
    name: 'Colosseum Tour',
    price: 65,
    pricing_unit: 'per_person',
  }),
  serviceRow({ id: '10000000-0000-4000-8000-000000000004', name: 'Vespa Tour', price: 120, available: false }),
  serviceRow({ id: '10000000-0000-4000-8000-000000000005', name: 'Luggage Storage', price: 0 }),
];
const db = vi.hoisted(() => ({ from: (() => undefined) as unknown as (table: string) => unknown }));
vi.mock('@/lib/public-db', () => ({ publicDb: { from: (table: string) => db.from(table) } }));
beforeEach(() => {
  db.from = tableStub(SERVICES).from;
});

/** The picker as a form holds it, with what the form would send to the server shown below. */
function Harness({ guests }: { guests: number }) {
  const extras = useStayExtras(guests);
  return (
    <>
      <ExtrasPicker idPrefix="t" extras={extras} />
      <pre data-testid="sent">{JSON.stringify(extras.request.extras)}</pre>
    </>
  );
}

function renderPicker(guests = 2, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (n: number) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Harness guests={n} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = renderWithI18n(ui(guests));
  return { rerender: (n: number) => view.rerender(ui(n)) };
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '[]');
const row = (name: string) => screen.getByRole('group', { name });

describe('ExtrasPicker', () => {
  it('lists the available services with their price and unit, nothing chosen at first', async () => {
    renderPicker();
    expect(await screen.findByText('€55.00 per stay')).toBeInTheDocument();
    expect(screen.getByText('€12.00 per night')).toBeInTheDocument();
    expect(screen.getByText('€65.00 per person')).toBeInTheDocument();
    expect(row('Luggage Storage')).toHaveTextContent('Quantity 0');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('Vespa Tour')).not.toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('adds and removes with the keyboard; the form sends service ids and quantities only', async () => {
    renderPicker();
    const more = await screen.findByRole('button', { name: 'One more: Breakfast' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(row('Breakfast')).toHaveTextContent('Quantity 2');
    expect(sent()).toEqual([{ service_id: '10000000-0000-4000-8000-000000000002', quantity: 2 }]);
    expect(screen.getByText('1 added')).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'One less: Breakfast' });
    await userEvent.click(less);
    await userEvent.click(less);
    await userEvent.click(less); // already at 0: nothing happens, the button keeps the focus
    expect(less).toHaveAttribute('aria-disabled', 'true');
    expect(less).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('a per-person extra goes up to the guest count, and follows it down', async () => {
    const { rerender } = renderPicker(2);
    const more = await screen.findByRole('button', { name: 'One more: Colosseum Tour' });
    for (let i = 0; i < 3; i++) await userEvent.click(more);
    expect(row('Colosseum Tour')).toHaveTextContent('Quantity 2');
    expect(more).toHaveAttribute('aria-disabled', 'true');
    rerender(1);
    expect(row('Colosseum Tour')).toHaveTextContent('Quantity 1');
    expect(sent()).toEqual([{ service_id: '10000000-0000-4000-8000-000000000003', quantity: 1 }]);
  });

  it('a per-stay extra stops at 20, the most the server accepts', async () => {
    renderPicker();
    const more = await screen.findByRole('button', { name: 'One more: Airport Transfer' });
    for (let i = 0; i < 21; i++) await userEvent.click(more);
    expect(sent()).toEqual([{ service_id: '10000000-0000-4000-8000-000000000001', quantity: 20 }]);
  });

  describe('in Italian', () => {
    beforeEach(() => activateLocale('it'));
    afterEach(() => activateLocale('en'));

    it('names, prices and units as an Italian reader writes them', async () => {
      renderPicker(2, '/it/');
      expect(await screen.findByText('Transfer dall’aeroporto')).toBeInTheDocument();
      expect(screen.getByText(/^55,00\s€ a soggiorno$/)).toBeInTheDocument();
      expect(screen.getByText(/^12,00\s€ a notte$/)).toBeInTheDocument();
      expect(screen.getByText(/^65,00\s€ a persona$/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Uno in più: Transfer dall’aeroporto' })).toBeInTheDocument();
    });
  });
});
