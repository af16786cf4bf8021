import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { renderWithI18n } from '@/test/render';
import { ReviewForm } from './ReviewForm';

const rpc = vi.fn();
vi.mock('@/lib/public-db', () => ({ publicDb: { rpc: (...args: unknown[]) => rpc(...args) } }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderForm(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/it/review/token-1']}>
        <ReviewForm token="token-1" guestName="Giulia" onDone={onDone} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onDone;
}

describe('the review form in Italian', () => {
  beforeEach(async () => {
    rpc.mockReset();
    toast.error.mockReset();
    await activateLocale('it');
  });
  afterEach(() => activateLocale('en'));

  it('labels, stars and its own checks read Italian', async () => {
    renderForm();
    expect(screen.getByRole('group', { name: 'Voto complessivo' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: '3 stelle' })).toHaveLength(4);
    expect(screen.getByLabelText('Nome da mostrare')).toHaveValue('Giulia');
    expect(screen.getByText('0 / 2000 caratteri (almeno 20)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    expect(await screen.findByText('Scegli un voto complessivo.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('a refusal of the server reads Italian', async () => {
    // private.review_rate_limit's refusal: its code in the hint, translated by the refusal table
    rpc.mockResolvedValue({
      data: null,
      error: {
        message: 'Too many attempts. Please try again in a few minutes.',
        code: 'P0001',
        hint: 'too_many_attempts',
        details: null,
      },
    });
    renderForm();
    await userEvent.click(screen.getAllByRole('radio', { name: '5 stelle' })[0]);
    fireEvent.change(screen.getByLabelText('La tua recensione'), {
      target: { value: 'Una camera splendida, a due passi dal Colosseo.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('La recensione non è stata inviata', {
        description: 'Troppi tentativi. Riprova tra qualche minuto.',
      }),
    );
  });
});
