import { BLOCK_FIELDS, type BlockField, type BlockKindId } from '@/lib/design/blocks';
import type { DesignDocument } from '@/lib/design/schema';
import { BLOCK_KIND_BY_ID } from './library';

/** Pure edits of a design document; each returns a new document. */
export function setStyle(design: DesignDocument, id: string, property: string, value: string | number | null) {
  const current = { ...design.styles[id] };
  if (value === null) delete current[property];
  else current[property] = value;
  const styles = { ...design.styles };
  if (Object.keys(current).length === 0) delete styles[id];
  else styles[id] = current;
  return { ...design, styles };
}

export function resetStyles(design: DesignDocument, id: string): DesignDocument {
  const styles = { ...design.styles };
  delete styles[id];
  return { ...design, styles };
}

export function setHidden(design: DesignDocument, id: string, hidden: boolean): DesignDocument {
  const others = design.hidden.filter((h) => h !== id);
  return { ...design, hidden: hidden ? [...others, id] : others };
}

export const blockDesignId = (blockId: string) => `block-${blockId}`;
export const blockIdOf = (designId: string | null) => (designId?.startsWith('block-') ? designId.slice(6) : null);

export function newBlockId(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function addBlock(design: DesignDocument, kind: BlockKindId, id = newBlockId(), after?: string) {
  const defaults = BLOCK_KIND_BY_ID.get(kind)?.defaults ?? {};
  const texts = Object.fromEntries(BLOCK_FIELDS[kind].map((field) => [field, defaults[field] ?? '']));
  const block = { id, kind, texts };
  const at = after ? design.blocks.findIndex((b) => b.id === after) + 1 : design.blocks.length;
  const blocks = [...design.blocks];
  blocks.splice(at > 0 ? at : blocks.length, 0, block);
  return { ...design, blocks };
}

export function duplicateBlock(design: DesignDocument, blockId: string, id = newBlockId()): DesignDocument {
  const source = design.blocks.find((b) => b.id === blockId);
  if (!source) return design;
  const at = design.blocks.indexOf(source) + 1;
  const blocks = [...design.blocks];
  blocks.splice(at, 0, { ...source, id, texts: { ...source.texts } });
  const styles = design.styles[blockDesignId(blockId)];
  return {
    ...design,
    blocks,
    styles: styles ? { ...design.styles, [blockDesignId(id)]: { ...styles } } : design.styles,
  };
}

export function removeBlock(design: DesignDocument, blockId: string): DesignDocument {
  const withoutStyles = resetStyles(design, blockDesignId(blockId));
  return {
    ...withoutStyles,
    blocks: design.blocks.filter((b) => b.id !== blockId),
    hidden: design.hidden.filter((h) => h !== blockDesignId(blockId)),
  };
}

export function moveBlock(design: DesignDocument, blockId: string, offset: -1 | 1): DesignDocument {
  const from = design.blocks.findIndex((b) => b.id === blockId);
  const to = from + offset;
  if (from === -1 || to < 0 || to >= design.blocks.length) return design;
  const blocks = [...design.blocks];
  [blocks[from], blocks[to]] = [blocks[to], blocks[from]];
  return { ...design, blocks };
}

export function setBlockText(design: DesignDocument, blockId: string, field: BlockField, text: string) {
  return {
    ...design,
    blocks: design.blocks.map((b) => (b.id === blockId ? { ...b, texts: { ...b.texts, [field]: text } } : b)),
  };
}

/** Delete on the page: an added block is removed, any other element is hidden by the design. */
export function deleteElement(design: DesignDocument, designId: string): DesignDocument {
  const blockId = blockIdOf(designId);
  return blockId ? removeBlock(design, blockId) : setHidden(design, designId, true);
}
