import { describe, expect, it } from 'vitest';
import { defaultDesign, type DesignDocument } from '@/lib/design/schema';
import { defaultTokens } from '@/lib/design/tokens';
import { exportDesign, exportFileName, exportTokens, importDesign, importTokens } from './design-io';

const design: DesignDocument = {
  ...defaultDesign(),
  tokens: { ...defaultTokens(), primary: '220 60% 15%', 'font-size-xl': 1.375 },
  styles: { 'hero-title': { 'font-size': 72, color: 'primary' } },
  hidden: ['footer'],
  blocks: [{ id: 'b1', kind: 'faq', texts: { title: 'FAQ', items: 'Q | A' } }],
};

describe('design export and import', () => {
  it('names the file design-export-{timestamp}.json', () => {
    expect(exportFileName(new Date(1_700_000_000_000))).toBe('design-export-1700000000000.json');
  });

  it('round-trips a design through the export file', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const file = exportDesign(design, { selectedElement: 'hero-title', viewport: 'desktop', now });
    expect(file).toMatchObject({ selectedElement: 'hero-title', viewport: 'desktop', exportedAt: now.toISOString() });
    expect(file.css).toContain('--primary:220 60% 15%');
    const back = importDesign(JSON.stringify(file));
    expect(back).toEqual({ success: true, design });
  });

  it('refuses files that are not JSON or not a valid design', () => {
    expect(importDesign('{oops')).toEqual({ success: false, errors: ['The file is not valid JSON'] });
    const bad = importDesign(JSON.stringify({ design: { ...design, styles: { x: { behavior: 'url(a)' } } } }));
    expect(bad.success).toBe(false);
  });

  it('round-trips tokens through the W3C design-tokens format and lists the changes', () => {
    const exported = exportTokens(design.tokens);
    expect(exported.primary).toEqual({ $type: 'color', $value: 'hsl(220 60% 15%)' });
    expect(exported['font-size-xl']).toEqual({ $type: 'dimension', $value: '1.375rem' });
    const result = importTokens(JSON.stringify(exported), defaultTokens());
    expect(result.success && result.tokens).toEqual(design.tokens);
    expect(result.success && result.changes).toEqual([
      { name: 'primary', from: '14 53% 36%', to: '220 60% 15%' },
      { name: 'font-size-xl', from: 1.25, to: 1.375 },
    ]);
  });

  it('refuses token files with unknown names or bad values and changes nothing', () => {
    const result = importTokens(JSON.stringify({ primary: { $value: 'red' }, nope: 1 }), defaultTokens());
    expect(result.success).toBe(false);
    expect(!result.success && result.errors).toHaveLength(2);
  });
});
