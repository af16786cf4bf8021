/**
 * The kinds of library block that can be added to the home page (their names, descriptions and
 * default texts are in the designer). A block stores only texts (rendered as text, never as HTML);
 * its look comes from the site's tokens.
 */
export type BlockField = 'title' | 'text' | 'button' | 'items';

export const BLOCK_FIELD_LIMITS: Record<BlockField, number> = { title: 120, text: 600, button: 40, items: 2000 };
export const MAX_BLOCKS = 20;

export const BLOCK_KIND_IDS = [
  'promo-banner',
  'call-to-action',
  'faq',
  'feature-cards',
  'enquiry-prompt',
  'section-links',
  'gallery-strip',
  'info-table',
] as const;
export type BlockKindId = (typeof BLOCK_KIND_IDS)[number];

/** Which text fields each kind has (a field left empty is not shown). */
export const BLOCK_FIELDS: Record<BlockKindId, BlockField[]> = {
  'promo-banner': ['title', 'button'],
  'call-to-action': ['title', 'text', 'button'],
  faq: ['title', 'items'],
  'feature-cards': ['title', 'items'],
  'enquiry-prompt': ['title', 'text', 'button'],
  'section-links': ['title'],
  'gallery-strip': ['title'],
  'info-table': ['title', 'items'],
};

export function isBlockKind(value: unknown): value is BlockKindId {
  return BLOCK_KIND_IDS.includes(value as BlockKindId);
}

/** "label | text" lines of an items field (lines without a bar keep an empty text). */
export function blockItems(items: string | undefined): { label: string; text: string }[] {
  return (items ?? '')
    .split('\n')
    .map((line) => {
      const bar = line.indexOf('|');
      return bar === -1
        ? { label: line.trim(), text: '' }
        : { label: line.slice(0, bar).trim(), text: line.slice(bar + 1).trim() };
    })
    .filter((item) => item.label !== '');
}
