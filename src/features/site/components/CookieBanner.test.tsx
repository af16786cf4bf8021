import { screen } from '@testing-library/react';
import { renderWithI18n as render } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { CookieBanner } from './CookieBanner';

describe('CookieBanner', () => {
  beforeEach(() => localStorage.clear());

  it('shows until a choice is made, then stores it and hides', async () => {
    render(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('remembers a decline', async () => {
    render(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem('cookie-consent')).toBe('declined');
  });

  it('is not shown when a choice is stored', () => {
    localStorage.setItem('cookie-consent', 'declined');
    render(<CookieBanner />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText('We value your privacy')).not.toBeInTheDocument();
  });
});
