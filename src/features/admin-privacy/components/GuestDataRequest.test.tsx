import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n as render } from '@/test/render';
import type { Database } from '@/types/database';
import { GuestDataRequest } from './GuestDataRequest';

const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { rpc: (...args: unknown[]) => rpc(...args) } }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// what privacy_guest_erase answers (public.privacy_erasure_result), as the generated types say
const erased = {
  bookings_anonymised: 2,
  contact_messages_deleted: 1,
  booking_references: ['CGH-2026-0001', 'CGH-2026-0002'],
} satisfies Database['public']['Functions']['privacy_guest_erase']['Returns'];

function renderRequest() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GuestDataRequest />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
  toast.success.mockClear();
  toast.error.mockClear();
});

describe('GuestDataRequest', () => {
  it('erases the guest by the e-mail entered, once confirmed, and says what was erased', async () => {
    rpc.mockResolvedValue({ data: erased, error: null });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = renderRequest();
    await user.type(screen.getByLabelText("Guest's e-mail"), '  Carla.Request@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Erase now' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('carla.request@example.com'));
    expect(rpc).toHaveBeenCalledWith('privacy_guest_erase', { p_email: 'carla.request@example.com' });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Guest data erased', {
        description: '2 stay(s) anonymised, 1 message(s) deleted.',
        id: undefined,
      }),
    );
  });

  it('says why the database refused, e.g. a stay still ahead', async () => {
    const refusal = 'This guest has a stay still ahead (CGH-2026-0003): erase after it ends, or cancel it first.';
    rpc.mockResolvedValue({ data: null, error: { message: refusal, code: 'P0001' } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = renderRequest();
    await user.type(screen.getByLabelText("Guest's e-mail"), 'dario.ahead@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase now' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: `Failed to erase the guest data. ${refusal}`,
        id: expect.any(String),
      }),
    );
    expect(toast.success).not.toHaveBeenCalledWith('Guest data erased', expect.anything());
  });

  it('erases nothing when the admin does not confirm', async () => {
    rpc.mockReset();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = renderRequest();
    await user.type(screen.getByLabelText("Guest's e-mail"), 'carla.request@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase now' }));
    expect(rpc).not.toHaveBeenCalled();
  });
});
