import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every message of the site exists in Italian and French, with the same placeholders. English is
// the source (`npm run i18n:extract` writes the catalogs from the code).
function readCatalog(locale: string): Map<string, string> {
  const text = readFileSync(`src/locales/${locale}.po`, 'utf8');
  const entries = new Map<string, string>();
  const pattern = /^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm;
  const unquote = (block: string) =>
    block
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string)
      .join('');
  for (const [, id, translation] of text.matchAll(pattern)) {
    const key = unquote(id);
    if (key) entries.set(key, unquote(translation));
  }
  return entries;
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe.each(['', 'booking/'])('message catalog src/locales/%s', (part) => {
  const source = readCatalog(`${part}en`);

  it('has messages', () => {
    expect(source.size).toBeGreaterThan(0);
  });

  for (const locale of ['it', 'fr']) {
    it(`translates every message into ${locale}, keeping its placeholders`, () => {
      const catalog = readCatalog(`${part}${locale}`);
      const missing = [...source.keys()].filter((id) => !catalog.get(id));
      expect(missing, `untranslated in ${locale}.po`).toEqual([]);
      for (const id of source.keys()) expect(placeholders(catalog.get(id)!), id).toEqual(placeholders(id));
    });
  }
});
