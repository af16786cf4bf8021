import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Tokens } from '@/lib/design/tokens';
import { BLOCK_KINDS, type BlockCategory, type BlockKind } from './library';

/** The six built-in templates: token presets applied as one undoable step. */
export type TemplateCategory = 'Landing Page' | 'Component Set' | 'Color Scheme' | 'Layout';
export const TEMPLATE_CATEGORIES: TemplateCategory[] = ['Landing Page', 'Component Set', 'Color Scheme', 'Layout'];
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, MessageDescriptor> = {
  'Landing Page': msg`Landing Page`,
  'Component Set': msg`Component Set`,
  'Color Scheme': msg`Color Scheme`,
  Layout: msg`Layout`,
};
export type TemplateSort = 'rating' | 'downloads' | 'recent';

export interface DesignTemplate {
  id: string;
  name: MessageDescriptor;
  description: MessageDescriptor;
  category: TemplateCategory;
  rating: number;
  downloads: number;
  createdAt: string;
  tags: string[];
  author: string;
  typography: { heading: string; body: string };
  tokens: Tokens;
}

const palette = (primary: string, secondary: string, accent: string, background: string, foreground: string) => ({
  primary,
  'primary-foreground': '0 0% 100%',
  secondary,
  'secondary-foreground': foreground,
  accent,
  'accent-foreground': foreground,
  background,
  foreground,
  card: background,
  'card-foreground': foreground,
});

export const TEMPLATES: DesignTemplate[] = [
  {
    id: 'luxury-hotel',
    name: msg`Luxury Hotel`,
    description: msg`Deep navy and gold for an upscale, quiet look.`,
    category: 'Landing Page',
    rating: 4.9,
    downloads: 1820,
    createdAt: '2026-09-12',
    tags: ['luxury', 'elegant', 'gold', 'dark'],
    author: 'Colosseum Design',
    typography: { heading: 'Playfair Display', body: 'Inter' },
    tokens: palette('220 60% 20%', '40 40% 92%', '40 60% 85%', '40 30% 98%', '220 40% 12%'),
  },
  {
    id: 'boutique-rooms',
    name: msg`Boutique Rooms`,
    description: msg`Warm terracotta and cream, close to the house style.`,
    category: 'Component Set',
    rating: 4.8,
    downloads: 1460,
    createdAt: '2026-10-02',
    tags: ['boutique', 'warm', 'rooms', 'cozy'],
    author: 'Colosseum Design',
    typography: { heading: 'Playfair Display', body: 'Inter' },
    tokens: palette('14 60% 38%', '30 45% 92%', '38 55% 86%', '35 40% 97%', '20 20% 12%'),
  },
  {
    id: 'vintage-rome',
    name: msg`Vintage Rome`,
    description: msg`Faded ochre, olive and stone, like an old Roman street.`,
    category: 'Color Scheme',
    rating: 4.7,
    downloads: 980,
    createdAt: '2026-08-20',
    tags: ['vintage', 'rome', 'ochre', 'classic'],
    author: 'Colosseum Design',
    typography: { heading: 'Playfair Display', body: 'serif' },
    tokens: palette('30 55% 32%', '45 35% 90%', '80 20% 85%', '42 35% 95%', '30 25% 12%'),
  },
  {
    id: 'minimalist-layout',
    name: msg`Minimalist Layout`,
    description: msg`Black, white and one accent; lots of air.`,
    category: 'Layout',
    rating: 4.5,
    downloads: 2210,
    createdAt: '2026-07-05',
    tags: ['minimal', 'clean', 'modern'],
    author: 'Colosseum Design',
    typography: { heading: 'Inter', body: 'Inter' },
    tokens: palette('0 0% 10%', '0 0% 95%', '210 20% 92%', '0 0% 100%', '0 0% 8%'),
  },
  {
    id: 'romantic-getaway',
    name: msg`Romantic Getaway`,
    description: msg`Rose and blush tones for couples and honeymoons.`,
    category: 'Landing Page',
    rating: 4.6,
    downloads: 1130,
    createdAt: '2026-11-01',
    tags: ['romantic', 'rose', 'couples', 'soft'],
    author: 'Colosseum Design',
    typography: { heading: 'Playfair Display', body: 'Inter' },
    tokens: palette('345 50% 38%', '345 40% 94%', '20 60% 90%', '350 40% 98%', '345 30% 12%'),
  },
  {
    id: 'business-travelers',
    name: msg`Business Travelers`,
    description: msg`Slate blue and grey, clear and efficient.`,
    category: 'Color Scheme',
    rating: 4.4,
    downloads: 760,
    createdAt: '2026-10-18',
    tags: ['business', 'blue', 'professional'],
    author: 'Colosseum Design',
    typography: { heading: 'Inter', body: 'Inter' },
    tokens: palette('210 55% 32%', '210 25% 93%', '200 30% 88%', '210 20% 98%', '215 30% 12%'),
  },
];

/** Favourites every user starts with (a stored row overrides them). */
export const SEEDED_FAVORITE_TEMPLATES = ['boutique-rooms', 'romantic-getaway'];

/** Searches the names and descriptions in the language on screen, and the tags. */
export function filterTemplates(
  templates: DesignTemplate[],
  query: { search: string; category: TemplateCategory | 'all'; sort: TemplateSort },
): DesignTemplate[] {
  const search = query.search.trim().toLowerCase();
  const matches = templates.filter(
    (t) =>
      (query.category === 'all' || t.category === query.category) &&
      (search === '' ||
        [i18n._(t.name), i18n._(t.description), ...t.tags].some((text) => text.toLowerCase().includes(search))),
  );
  const by: Record<TemplateSort, (a: DesignTemplate, b: DesignTemplate) => number> = {
    rating: (a, b) => b.rating - a.rating,
    downloads: (a, b) => b.downloads - a.downloads,
    recent: (a, b) => b.createdAt.localeCompare(a.createdAt),
  };
  return [...matches].sort(by[query.sort]);
}

/** Library categories as the spec lists them for the Component Library tabs. */
export const LIBRARY_CATEGORIES: ('All' | BlockCategory)[] = [
  'All',
  'Layout',
  'Cards',
  'Forms',
  'Navigation',
  'Media',
  'Tables',
];

/** Searches the names and descriptions in the language on screen, and the tags. */
export function filterLibrary(
  search: string,
  category: 'All' | BlockCategory,
  favoritesOnly: boolean,
  favorites: Set<string>,
) {
  const text = search.trim().toLowerCase();
  return (BLOCK_KINDS as readonly BlockKind[]).filter(
    (kind) =>
      (category === 'All' || kind.category === category) &&
      (!favoritesOnly || favorites.has(kind.id)) &&
      (text === '' ||
        [i18n._(kind.name), i18n._(kind.description), ...kind.tags].some((t) => t.toLowerCase().includes(text))),
  );
}

/**
 * The "Copy code" snippet of a library entry: markup built on the site's tokens, holding the texts
 * the block starts with (the site's texts, the same whatever language the portal is in).
 */
export function libraryCode(kind: BlockKind): string {
  const { title = '', ...otherFields } = kind.defaults;
  return [
    `<section data-block="${kind.id}" style="background: hsl(var(--background)); color: hsl(var(--foreground)); padding-block: var(--spacing-2xl);">`,
    `  <h2 style="font-size: var(--font-size-3xl); color: hsl(var(--primary));">${title}</h2>`,
    ...Object.entries(otherFields).map(([field, text]) => `  <!-- ${field}: ${text.split('\n')[0]} -->`),
    `</section>`,
  ].join('\n');
}
