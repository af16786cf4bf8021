import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
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

afterEach(() => vi.restoreAllMocks());

describe('GuestDataRequest', () => {
  it('erases the guest by the e-mail entered, once confirmed, and says what was erased', async () => {
    rpc.mockResolvedValue({ data: erased, error: null });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <GuestDataRequest />
      </QueryClientProvider>,
    );
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

  it('erases nothing when the admin does not confirm', async () => {
    rpc.mockReset();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <GuestDataRequest />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText("Guest's e-mail"), 'carla.request@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase now' }));
    expect(rpc).not.toHaveBeenCalled();
  });
});
