import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { activateLocale } from '@/lib/i18n';
import { renderWithI18n } from '@/test/render';
import LanguageSuggestion from './LanguageSuggestion';
import { LanguageSwitcher } from './LanguageSwitcher';

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function renderAt(path: string, ui: ReactElement) {
  return renderWithI18n(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  localStorage.clear();
  await activateLocale('en');
});

describe('LanguageSwitcher', () => {
  it('links the same page in each language, marks the current one, and switches after loading the catalog', async () => {
    await activateLocale('it');
    renderAt('/it/room/3?from=home#photos', <LanguageSwitcher />);
    const english = screen.getByRole('link', { name: 'English' });
    const french = screen.getByRole('link', { name: 'Français' });
    const italian = screen.getByRole('link', { name: 'Italiano' });
    expect(english).toHaveAttribute('href', '/room/3?from=home#photos');
    expect(french).toHaveAttribute('href', '/fr/room/3?from=home#photos');
    expect(french).toHaveAttribute('hreflang', 'fr');
    expect(french).toHaveAttribute('lang', 'fr');
    expect(italian).toHaveAttribute('aria-current', 'true');
    expect(english).not.toHaveAttribute('aria-current');

    await userEvent.click(french);
    expect(await screen.findByText('/fr/room/3?from=home#photos')).toBeInTheDocument();
    expect(i18n.locale).toBe('fr');
    // the choice is the visitor's: no suggestion of another language afterwards
    expect(localStorage.getItem('language-suggestion-dismissed')).toBe('fr');
  });
});

describe('LanguageSuggestion', () => {
  const languages = vi.spyOn(navigator, 'languages', 'get');
  afterAll(() => languages.mockRestore());

  it('offers Italian to an Italian browser on an English page, in Italian, and remembers a dismissal', async () => {
    languages.mockReturnValue(['it-IT', 'en']);
    const { unmount } = renderAt('/room/3#rooms', <LanguageSuggestion />);
    const link = screen.getByRole('link', { name: 'Passa all’italiano' });
    expect(link).toHaveAttribute('href', '/it/room/3#rooms');
    expect(screen.getByText(/Questo sito è disponibile in italiano/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('link', { name: 'Passa all’italiano' })).not.toBeInTheDocument();
    unmount();
    renderAt('/', <LanguageSuggestion />);
    expect(screen.queryByRole('link', { name: 'Passa all’italiano' })).not.toBeInTheDocument();
  });

  it('says nothing when the page is already in the preferred language or English comes first', () => {
    languages.mockReturnValue(['fr-FR']);
    const { unmount } = renderAt('/fr/', <LanguageSuggestion />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();
    languages.mockReturnValue(['en-US', 'fr']);
    renderAt('/', <LanguageSuggestion />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
