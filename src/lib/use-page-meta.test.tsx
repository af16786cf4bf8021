import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { pageAlternates, usePageMeta } from './use-page-meta';

const origin = (import.meta.env.VITE_SITE_URL || window.location.origin).replace(/\/$/, '');

function renderAt(path: string, canonicalPath?: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  return renderHook(() => usePageMeta('Title', 'Description', canonicalPath ? { canonicalPath } : {}), { wrapper });
}

const head = () => ({
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  alternates: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
    (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
  ),
  ogLocale: document.head.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
});

describe('page links in every language', () => {
  it('names the page in each language, English as x-default', () => {
    expect(pageAlternates('/room/3')).toEqual([
      { hreflang: 'en', href: `${origin}/room/3` },
      { hreflang: 'it', href: `${origin}/it/room/3` },
      { hreflang: 'fr', href: `${origin}/fr/room/3` },
      { hreflang: 'x-default', href: `${origin}/room/3` },
    ]);
    expect(pageAlternates('/').map((link) => link.href)).toEqual([
      `${origin}/`,
      `${origin}/it/`,
      `${origin}/fr/`,
      `${origin}/`,
    ]);
  });

  it('the canonical link is the page in its own language; a page without one drops them all', () => {
    const { unmount } = renderAt('/fr/room/3', '/room/3');
    expect(head()).toEqual({
      canonical: `${origin}/fr/room/3`,
      alternates: [
        `en ${origin}/room/3`,
        `it ${origin}/it/room/3`,
        `fr ${origin}/fr/room/3`,
        `x-default ${origin}/room/3`,
      ],
      ogLocale: 'fr_FR',
    });
    unmount();
    renderAt('/it/no-such-page');
    expect(head()).toEqual({ canonical: undefined, alternates: [], ogLocale: 'it_IT' });
  });
});
