import { describe, expect, it } from 'vitest';
import { blockItems } from './blocks';
import { contrastFailures, contrastRatio } from './contrast';
import { designCss } from './css';
import { defaultDesign, parseDesign, type DesignDocument } from './schema';
import { readSiteDesign } from './site-design';
import { defaultTokens, tokenError } from './tokens';

const withStyles = (styles: Record<string, Record<string, unknown>>) =>
  ({ ...defaultDesign(), styles }) as unknown as DesignDocument;

describe('tokens', () => {
  it('accepts HSL triples and rem values on the spec steps', () => {
    expect(tokenError('primary', '220 60% 15%')).toBeNull();
    expect(tokenError('spacing-md', 2.25)).toBeNull();
    expect(tokenError('font-size-xl', 1.375)).toBeNull();
  });
  it('refuses other values with a message naming the token', () => {
    expect(tokenError('primary', 'red')).toMatch(/primary must be an HSL triple/);
    expect(tokenError('primary', '400 10% 10%')).not.toBeNull();
    expect(tokenError('primary', '10 10% 10%; color: red')).not.toBeNull();
    expect(tokenError('spacing-md', 8.25)).toMatch(/between 0 and 8 rem/);
    expect(tokenError('spacing-md', 1.1)).not.toBeNull();
    expect(tokenError('font-size-xl', 0.25)).not.toBeNull();
    expect(tokenError('made-up', '1 1% 1%')).toMatch(/Unknown token/);
  });
});

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('0 0% 0%', '0 0% 100%')).toBeCloseTo(21, 5);
    expect(contrastRatio('0 0% 50%', '0 0% 50%')).toBeCloseTo(1, 5);
  });
  it('passes the default tokens and names every failing pair', () => {
    expect(contrastFailures(defaultTokens())).toEqual([]);
    const failures = contrastFailures({ ...defaultTokens(), 'primary-foreground': '14 53% 40%' });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ foreground: 'primary-foreground', background: 'primary' });
    expect(failures[0].ratio).toBeLessThan(4.5);
  });
});

describe('parseDesign', () => {
  it('accepts the default design', () => {
    expect(parseDesign(defaultDesign()).success).toBe(true);
  });
  it('refuses unknown properties, out-of-range values and bad blocks', () => {
    const result = parseDesign({
      ...defaultDesign(),
      styles: { 'hero-title': { 'font-size': 200, behavior: 'x', color: 'red' } },
      blocks: [{ id: 'a', kind: 'faq', texts: { title: 'x'.repeat(121), button: 'no' } }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/hero-title: font-size must be between 8 and 128/),
        expect.stringMatching(/"behavior" is not a style/),
        expect.stringMatching(/hero-title: color must be an HSL triple/),
        expect.stringMatching(/A faq block has no button/),
        expect.stringMatching(/title of a faq block is longer than 120/),
      ]),
    );
  });
  it('refuses element ids that could break out of a selector and unknown fields', () => {
    expect(parseDesign(withStyles({ 'x"]{}body{': { opacity: 0.5 } })).success).toBe(false);
    expect(parseDesign({ ...defaultDesign(), script: 'alert(1)' }).success).toBe(false);
    expect(parseDesign({ ...defaultDesign(), tokens: { primary: '1 1% 1%' } }).success).toBe(false);
  });
});

describe('designCss', () => {
  it('emits tokens as variables, styles with units and hidden elements', () => {
    const css = designCss({
      ...defaultDesign(),
      tokens: { ...defaultTokens(), primary: '220 60% 15%', 'spacing-md': 1.25 },
      styles: { 'hero-title': { 'font-size': 72, color: 'primary', 'box-shadow': 'small', 'font-family': 'Inter' } },
      hidden: ['footer'],
    });
    expect(css).toContain('--primary:220 60% 15%;');
    expect(css).toContain('--spacing-md:1.25rem;');
    expect(css).toContain(
      '[data-design-id="hero-title"]{font-size:72px !important;color:hsl(var(--primary)) !important;',
    );
    expect(css).toContain('[data-design-id="footer"]{display:none !important;}');
  });
  it('drops every injection attempt, whatever the source of the document', () => {
    const attempts = [
      '</style><script>alert(1)</script>',
      'url(javascript:alert(1))',
      'expression(alert(1))',
      '1 1% 1%;}body{background:url(https://evil.example/x)',
    ];
    for (const attempt of attempts) {
      const css = designCss({
        tokens: { primary: attempt, 'spacing-md': attempt as unknown as number },
        styles: {
          'hero-title': { color: attempt, 'font-family': attempt, display: attempt, 'font-size': attempt },
          [`x"]{}${attempt}`]: { opacity: 1 },
        },
        hidden: [attempt],
      });
      expect(css).toBe('');
    }
  });
});

describe('blockItems', () => {
  it('reads "label | text" lines and skips empty ones', () => {
    expect(blockItems('A | one\n\n B |two | more\nC')).toEqual([
      { label: 'A', text: 'one' },
      { label: 'B', text: 'two | more' },
      { label: 'C', text: '' },
    ]);
  });
});

describe('readSiteDesign', () => {
  it('keeps known blocks and their fields, drops the rest', () => {
    const design = readSiteDesign({
      ...defaultDesign(),
      blocks: [
        { id: 'a1', kind: 'faq', texts: { title: 'Q', button: 'not a faq field', items: 'A | B' } },
        { id: 'x"]{}', kind: 'faq', texts: {} },
        { id: 'b1', kind: 'script', texts: {} },
      ],
    });
    expect(design?.blocks).toEqual([{ id: 'a1', kind: 'faq', texts: { title: 'Q', items: 'A | B' } }]);
    expect(readSiteDesign('not a design')).toBeNull();
  });
});
