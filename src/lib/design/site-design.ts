import { BLOCK_FIELDS, isBlockKind, type BlockField } from './blocks';
import type { DesignBlock, DesignDocument } from './schema';

const BLOCK_ID = /^[a-z0-9-]{1,40}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a stored design for the public pages without the validation library (it stays out of the
 * home page's first load): only the structure is checked here, because the CSS generator drops
 * every token, selector and value outside the allow-list and blocks render known fields as text.
 */
export function readSiteDesign(input: unknown): DesignDocument | null {
  if (!isObject(input) || !isObject(input.tokens) || !isObject(input.styles)) return null;
  const styles: DesignDocument['styles'] = {};
  for (const [id, value] of Object.entries(input.styles)) {
    if (isObject(value)) styles[id] = value as Record<string, string | number>;
  }
  const hidden = Array.isArray(input.hidden) ? input.hidden.filter((id) => typeof id === 'string') : [];
  const blocks: DesignBlock[] = [];
  for (const block of Array.isArray(input.blocks) ? input.blocks : []) {
    if (!isObject(block) || !isBlockKind(block.kind)) continue;
    if (typeof block.id !== 'string' || !BLOCK_ID.test(block.id)) continue;
    const kind = block.kind;
    const texts: DesignBlock['texts'] = {};
    for (const field of BLOCK_FIELDS[kind]) {
      const text = isObject(block.texts) ? block.texts[field] : undefined;
      if (typeof text === 'string') texts[field as BlockField] = text;
    }
    blocks.push({ id: block.id, kind, texts });
  }
  return { version: 1, tokens: input.tokens as DesignDocument['tokens'], styles, hidden, blocks };
}
