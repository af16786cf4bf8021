import { describe, expect, it } from 'vitest';
import { BLOCK_KIND_IDS } from '@/lib/design/blocks';
import { contrastFailures } from '@/lib/design/contrast';
import { defaultTokens } from '@/lib/design/tokens';
import { activateLocale, withAdminMessages } from '@/lib/i18n';
import { TEMPLATES, filterLibrary, filterTemplates, libraryCode } from './catalog';
import { BLOCK_KINDS, BLOCK_KIND_BY_ID } from './library';

describe('templates', () => {
  it('has the six built-in templates, each passing WCAG AA', () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual([
      'luxury-hotel',
      'boutique-rooms',
      'vintage-rome',
      'minimalist-layout',
      'romantic-getaway',
      'business-travelers',
    ]);
    for (const template of TEMPLATES) {
      expect(contrastFailures({ ...defaultTokens(), ...template.tokens }), template.id).toEqual([]);
    }
  });

  it('searches, filters by category and sorts', () => {
    expect(filterTemplates(TEMPLATES, { search: '', category: 'all', sort: 'rating' })[0].id).toBe('luxury-hotel');
    expect(filterTemplates(TEMPLATES, { search: '', category: 'all', sort: 'downloads' })[0].id).toBe(
      'minimalist-layout',
    );
    expect(filterTemplates(TEMPLATES, { search: '', category: 'all', sort: 'recent' })[0].id).toBe('romantic-getaway');
    expect(filterTemplates(TEMPLATES, { search: 'ROSE', category: 'all', sort: 'rating' }).map((t) => t.id)).toEqual([
      'romantic-getaway',
    ]);
    expect(filterTemplates(TEMPLATES, { search: 'rose', category: 'Layout', sort: 'rating' })).toEqual([]);
  });

  it('searches the names and descriptions in the language on screen', async () => {
    await withAdminMessages(async () => undefined)();
    await activateLocale('it');
    try {
      expect(
        filterTemplates(TEMPLATES, { search: 'cipria', category: 'all', sort: 'rating' }).map((t) => t.id),
      ).toEqual(['romantic-getaway']);
    } finally {
      await activateLocale('en');
    }
  });
});

describe('component library', () => {
  it('describes every block kind the site can render, once', () => {
    expect(BLOCK_KINDS.map((kind) => kind.id)).toEqual([...BLOCK_KIND_IDS]);
  });

  it('filters the 8 entries by category, search and favourites', () => {
    expect(filterLibrary('', 'All', false, new Set())).toHaveLength(8);
    expect(filterLibrary('', 'Layout', false, new Set()).map((k) => k.id)).toEqual([
      'promo-banner',
      'call-to-action',
      'faq',
    ]);
    expect(filterLibrary('gallery', 'All', false, new Set()).map((k) => k.id)).toEqual(['gallery-strip']);
    expect(filterLibrary('', 'All', true, new Set(['faq'])).map((k) => k.id)).toEqual(['faq']);
  });

  it('searches the names and descriptions in the language on screen', async () => {
    await withAdminMessages(async () => undefined)();
    await activateLocale('it');
    try {
      expect(filterLibrary('punti forti', 'All', false, new Set()).map((k) => k.id)).toEqual(['feature-cards']);
    } finally {
      await activateLocale('en');
    }
  });

  it("copies a block's code with the texts it starts with", () => {
    expect(libraryCode(BLOCK_KIND_BY_ID.get('promo-banner')!)).toBe(
      [
        '<section data-block="promo-banner" style="background: hsl(var(--background)); color: hsl(var(--foreground)); padding-block: var(--spacing-2xl);">',
        '  <h2 style="font-size: var(--font-size-3xl); color: hsl(var(--primary));">Spring offer: 10% off stays of 3 nights or more</h2>',
        '  <!-- button: Book now -->',
        '</section>',
      ].join('\n'),
    );
  });
});
