import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n } from '@/test/render';
import { BookingSettingsCard } from './BookingSettingsCard';

const stored = vi.hoisted(() => ({
  current: {
    unconfirmed_hold_minutes: 30,
    confirmed_hold_hours: 48,
    notification_email: null as string | null,
    host_email_language: 'en',
  },
}));
const update = vi.fn();
const selected = vi.fn();

vi.mock('@/lib/supabase', () => ({
  supabase: {
    // from('booking_settings').select(columns).eq(...).single() and .update(values).eq(...).select(columns).single()
    from: () => {
      let written: Record<string, unknown> | null = null;
      const chain = {
        select: (columns: string) => {
          selected(columns);
          return chain;
        },
        eq: () => chain,
        update: (values: Record<string, unknown>) => {
          written = values;
          return chain;
        },
        single: () => {
          if (written) {
            update(written);
            stored.current = { ...stored.current, ...written };
          }
          return Promise.resolve({ data: stored.current, error: null });
        },
      };
      return chain;
    },
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderCard(canEdit: boolean) {
  renderWithI18n(
    <QueryClientProvider client={createQueryClient()}>
      <BookingSettingsCard canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

describe('BookingSettingsCard', () => {
  beforeEach(() => {
    stored.current = {
      unconfirmed_hold_minutes: 30,
      confirmed_hold_hours: 48,
      notification_email: null,
      host_email_language: 'en',
    };
    update.mockClear();
    selected.mockClear();
  });

  it("saves the host e-mails' language an admin chooses", async () => {
    const user = userEvent.setup();
    renderCard(true);
    const language = await screen.findByLabelText("Host e-mails' language");
    expect(language).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'Italian' })).toBeInTheDocument();

    await user.selectOptions(language, 'it');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        unconfirmed_hold_minutes: 30,
        confirmed_hold_hours: 48,
        notification_email: null,
        host_email_language: 'it',
      }),
    );
    // the column is read back with the others
    expect(selected).toHaveBeenCalledWith(expect.stringContaining('host_email_language'));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(screen.getByLabelText("Host e-mails' language")).toHaveValue('it');
  });

  it('shows staff the language, without a form', async () => {
    stored.current = { ...stored.current, host_email_language: 'it' };
    renderCard(false);
    expect(await screen.findByText('Italian')).toBeInTheDocument();
    expect(screen.getByText("Host e-mails' language")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });
});
