import { formatHsl, parseHsl } from '@/lib/design/tokens';

/** An HSL triple ('220 60% 15%') as #rrggbb, for a colour picker; null when it is not a valid triple. */
export function hslToHex(value: string): string | null {
  const hsl = parseHsl(value);
  if (!hsl) return null;
  const s = hsl.s / 100;
  const l = hsl.l / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hsl.h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** #rrggbb as an HSL triple with whole numbers ('220 60% 15%'); null for anything else. */
export function hexToHsl(hex: string): string | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  if (h < 0) h += 360;
  return formatHsl({ h: Math.round(h) % 360, s: Math.round(s * 100), l: Math.round(l * 100) });
}
