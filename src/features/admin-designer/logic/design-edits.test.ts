import { describe, expect, it } from 'vitest';
import { defaultDesign, parseDesign } from '@/lib/design/schema';
import {
  addBlock,
  deleteElement,
  duplicateBlock,
  moveBlock,
  removeBlock,
  setBlockText,
  setHidden,
  setStyle,
} from './design-edits';

describe('design edits', () => {
  it('sets and clears styles, dropping empty elements', () => {
    const styled = setStyle(defaultDesign(), 'hero-title', 'font-size', 72);
    expect(styled.styles).toEqual({ 'hero-title': { 'font-size': 72 } });
    expect(setStyle(styled, 'hero-title', 'font-size', null).styles).toEqual({});
  });

  it('adds, duplicates, moves, edits and removes blocks, keeping a valid document', () => {
    let design = addBlock(defaultDesign(), 'faq', 'a');
    design = addBlock(design, 'promo-banner', 'b');
    expect(design.blocks[0]).toMatchObject({ id: 'a', kind: 'faq', texts: { title: 'Frequently asked questions' } });
    design = duplicateBlock(design, 'a', 'c');
    expect(design.blocks.map((b) => b.id)).toEqual(['a', 'c', 'b']);
    design = moveBlock(design, 'b', -1);
    expect(design.blocks.map((b) => b.id)).toEqual(['a', 'b', 'c']);
    expect(moveBlock(design, 'a', -1)).toBe(design);
    design = setBlockText(design, 'b', 'title', 'Winter offer');
    design = setHidden(design, 'block-c', true);
    expect(parseDesign(design).success).toBe(true);
    design = removeBlock(design, 'c');
    expect(design.blocks.map((b) => b.id)).toEqual(['a', 'b']);
    expect(design.hidden).toEqual([]);
    expect(design.blocks[1].texts.title).toBe('Winter offer');
  });

  it('Delete removes an added block and hides any other element', () => {
    const design = addBlock(defaultDesign(), 'faq', 'a');
    expect(deleteElement(design, 'block-a').blocks).toEqual([]);
    expect(deleteElement(design, 'footer').hidden).toEqual(['footer']);
  });
});
