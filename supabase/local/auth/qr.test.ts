// The QR codes of TOTP enrolment: the structure a reader needs (checked by decoding real ones with
// zbarimg while writing qr.ts): size by version, the three finder patterns, timing lines, and the
// format bits of level M with the chosen mask, read back from both copies.
import { describe, expect, it } from 'vitest';
import { qrModules, qrSvg } from './qr';

const FINDER = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];

function finderAt(grid: boolean[][], x: number, y: number): string[] {
  return FINDER.map((_, dy) =>
    grid[y + dy]!.slice(x, x + 7)
      .map((dark) => (dark ? '1' : '0'))
      .join(''),
  );
}

/** The 15 format bits around the top-left finder, most significant first, unmasked. */
function formatBits(grid: boolean[][]): number {
  const cells: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  let bits = 0;
  cells.forEach(([x, y], i) => (bits |= (grid[y]![x] ? 1 : 0) << i));
  return bits ^ 0x5412;
}

/** The same bits from the copy split between the top-right and bottom-left finders. */
function formatBitsCopy(grid: boolean[][]): number {
  const size = grid.length;
  let bits = 0;
  for (let i = 0; i < 8; i++) bits |= (grid[8]![size - 1 - i] ? 1 : 0) << i;
  for (let i = 8; i < 15; i++) bits |= (grid[size - 15 + i]![8] ? 1 : 0) << i;
  return bits ^ 0x5412;
}

describe('QR codes', () => {
  it('picks the smallest version: 21 modules for a word, 53 (version 9, with version bits) for a 165-byte otpauth URI', () => {
    expect(qrModules('hello')).toHaveLength(21);
    const uri = `otpauth://totp/Colosseum%20Guest%20House:someone%40example.com?algorithm=SHA1&digits=6&issuer=Colosseum+Guest+House&period=30&secret=${'A'.repeat(32)}`;
    expect(qrModules(uri).length).toBe(53);
    expect(() => qrModules('x'.repeat(500))).toThrow(/too long/);
  });

  it('draws the finder patterns, the timing lines and level M format bits (both copies alike)', () => {
    for (const text of ['hello', 'otpauth://totp/a:b?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP']) {
      const grid = qrModules(text);
      const size = grid.length;
      expect(finderAt(grid, 0, 0)).toEqual(FINDER);
      expect(finderAt(grid, size - 7, 0)).toEqual(FINDER);
      expect(finderAt(grid, 0, size - 7)).toEqual(FINDER);
      for (let i = 8; i < size - 8; i++) {
        expect(grid[6]![i]).toBe(i % 2 === 0);
        expect(grid[i]![6]).toBe(i % 2 === 0);
      }
      const format = formatBits(grid);
      expect(formatBitsCopy(grid)).toBe(format);
      expect(format >> 13).toBe(0); // level M
      expect(grid[size - 8]![8]).toBe(true); // the dark module
    }
  });

  it('is an SVG with a quiet zone of four modules', () => {
    const svg = qrSvg('hello', 3);
    expect(svg).toMatch(/^<\?xml version="1.0"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="87" height="87"/);
    expect(svg).toContain('<path d="M12,12h3v3h-3z');
  });
});
