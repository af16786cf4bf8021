import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n } from '@/test/render';
import type { Amenity } from '../types';
import { AmenityDialog } from './AmenityDialog';
import { ServiceDialog } from './ServiceDialog';

const writes = vi.hoisted(() => ({
  calls: [] as { table: string; action: 'insert' | 'update'; values: unknown; id?: string }[],
}));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: (table: string) => ({
      insert: (values: unknown) => {
        writes.calls.push({ table, action: 'insert', values });
        return Promise.resolve({ error: null });
      },
      update: (values: unknown) => ({
        eq: (_column: string, id: string) => {
          writes.calls.push({ table, action: 'update', values, id });
          return Promise.resolve({ error: null });
        },
      }),
    }),
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderWithQueries(element: React.ReactElement) {
  renderWithI18n(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>);
}

// Radix's Switch measures itself; jsdom has no ResizeObserver.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  writes.calls = [];
  toast.success.mockClear();
});

// Several user steps in jsdom: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('the service dialog', () => {
  it('asks for a name, then creates the service with its own fields and the shared ones', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithQueries(<ServiceDialog open service={null} onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add New Service' });

    await user.click(within(dialog).getByRole('button', { name: 'Create Service' }));
    expect(await within(dialog).findByText('Service name is required')).toBeInTheDocument();
    expect(writes.calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Service Name'), { target: { value: 'Airport transfer' } });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'transport');
    fireEvent.change(within(dialog).getByLabelText('Price (€)'), { target: { value: '45.5' } });
    fireEvent.change(within(dialog).getByLabelText('Duration (minutes)'), { target: { value: '90' } });
    expect(within(dialog).getByText('Duration: 1h 30m')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Priced'), 'per_person');
    fireEvent.change(within(dialog).getByLabelText('Name (Italian)'), { target: { value: 'Transfer aeroporto' } });
    await user.click(within(dialog).getByRole('switch', { name: 'Available' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Service' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes.calls).toEqual([
      {
        table: 'services',
        action: 'insert',
        values: {
          name: 'Airport transfer',
          category: 'transport',
          description: null,
          price: 45.5,
          duration_minutes: 90,
          pricing_unit: 'per_person',
          available: false,
          translations: { it: { name: 'Transfer aeroporto' } },
          image_url: null,
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Service created successfully', expect.anything());
  });
});

describe('the amenity dialog', () => {
  const amenity: Amenity = {
    id: 'a1',
    name: 'Free WiFi',
    description: 'Fast fibre in every room',
    icon_name: 'Wifi',
    category: 'connectivity',
    is_active: true,
    display_order: 3,
    translations: { fr: { name: 'Wi-Fi gratuit' } },
  };

  it('opens with the saved amenity and updates it, switched off', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithQueries(<AmenityDialog open amenity={amenity} onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Amenity' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Free WiFi');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('connectivity');
    expect(within(dialog).getByLabelText('Icon')).toHaveValue('Wifi');
    expect(within(dialog).getByLabelText('Name (French)')).toHaveValue('Wi-Fi gratuit');

    fireEvent.change(within(dialog).getByLabelText('Display Order'), { target: { value: '7' } });
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes.calls).toEqual([
      {
        table: 'amenities',
        action: 'update',
        id: 'a1',
        values: {
          name: 'Free WiFi',
          description: 'Fast fibre in every room',
          icon_name: 'Wifi',
          category: 'connectivity',
          display_order: 7,
          is_active: false,
          translations: { fr: { name: 'Wi-Fi gratuit' } },
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Amenity updated successfully', expect.anything());
  });
});
