import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { cancellationSentences } from '@shared/cancellation-terms';
import { houseCancellation } from '@/test/cancellation-catalog';
import { renderWithI18n } from '@/test/render';
import {
  CancellationTerms,
  houseCancellationQuery,
  useHouseCancellation,
  type HouseCancellation,
} from './cancellation-terms';

vi.mock('./public-db', () => ({ publicDb: { rpc: vi.fn() } }));

/**
 * "No sentence about money or cancellation is written in a component" (ARCHITECTURE.md §11): the
 * cancellation sentences are written once, in private.cancellation_catalog()
 * (supabase/migrations/20261202010000_one_cancellation_policy.sql), and rendered from there. This
 * fails when one is written in the site's code, its message catalogs, the e-mails or the seed.
 */
const CANCELLATION_SENTENCE =
  /free[ -]cancell?ation|cancellazione gratuita|annulation gratuite|cancel[^.\n"`]{0,40}\bfree\b(?! again)|annull[^.\n"`]{0,30}gratuit|cancell[^.\n"`]{0,30}gratuit|annul[^.\n"`]{0,30}gratuit|(hours|days|ore|giorni|heures|jours) (before|prima del|avant l)/i;

/** Text that is not a sentence shown to anyone: comments in code. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, keep);
    return keep(path) ? [path] : [];
  });
}

function offending(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.po')) {
    // msgid "…" msgstr "…": the message and its translation, never the source comments
    return [...text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)]
      .filter(([entry]) => CANCELLATION_SENTENCE.test(entry))
      .map(([entry]) => entry.split('\n')[0]);
  }
  const code = /\.(tsx?|html)$/.test(path) ? withoutComments(text) : text.replace(/^\s*--.*$/gm, '');
  return code.split('\n').filter((line) => CANCELLATION_SENTENCE.test(line));
}

describe('the cancellation sentences have one place', () => {
  const code = (path: string) => /\.(tsx?)$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('database.ts');
  const sources = [
    ...files('src', (path) => code(path) || path.endsWith('.po')),
    ...files('supabase/functions', code),
    'supabase/seed.sql',
    'index.html',
  ];

  it('scans the site, its catalogs, the e-mails and the seed', () => {
    expect(sources).toEqual(
      expect.arrayContaining([
        'src/features/site/components/Footer.tsx',
        'src/locales/booking/it.po',
        'supabase/functions/emails/catalogs/fr.ts',
      ]),
    );
  });

  it('is not written anywhere but private.cancellation_catalog()', () => {
    const found = sources.flatMap((path) => offending(path).map((line) => `${path}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it('catches a sentence written in a component, a catalog or an e-mail', () => {
    for (const sentence of [
      'Free cancellation up to 24 hours before check-in.',
      'Cancelling is free.',
      'or cancel it free of charge',
      'Cancellazione gratuita fino a 24 ore prima del check-in',
      'può annullarla gratuitamente',
      'Annulation gratuite jusqu’à 24 heures avant l’arrivée',
    ]) {
      expect(CANCELLATION_SENTENCE.test(sentence), sentence).toBe(true);
    }
  });
});

const HOUSE: HouseCancellation = {
  ...houseCancellation(1),
  // a stand-in catalog of the test's own: the real one is checked against the database (cancellation-terms.test.ts)
  catalog: {
    en: { house_hours: 'Until {hours} h', refund_none: 'Refund nothing, keep {kept}', free_until: 'Until {date}.' },
    it: { house_hours: 'Fino a {hours} ore' },
  },
};

function renderWith(ui: React.ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(houseCancellationQuery.queryKey, HOUSE);
  renderWithI18n(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function HouseRule() {
  return <p>{useHouseCancellation()}</p>;
}

describe('the site’s helper', () => {
  it('fills the page language’s templates with its formatters, and leaves out a line it cannot fill', () => {
    renderWith(
      <CancellationTerms
        terms={{
          lines: [{ key: 'refund_none', kept_cents: 9000 }, { key: 'free_until', date: null }, { key: 'unknown_key' }],
        }}
      />,
    );
    expect(screen.getByTestId('cancellation-terms')).toHaveTextContent(/^Refund nothing, keep €90\.00$/);
  });

  it('shows the house’s rule in the page’s language', () => {
    renderWith(<HouseRule />);
    expect(screen.getByText('Until 24 h')).toBeInTheDocument();
  });

  it('renders nothing without a catalog (never a key or a half sentence)', () => {
    expect(
      cancellationSentences({ lines: [{ key: 'house_hours', hours: 24 }] }, null, { day: String, cents: String }),
    ).toEqual([]);
  });
});
