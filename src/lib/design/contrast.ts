import { parseHsl, type Hsl, type Tokens } from './tokens';

/** Text/background token pairs that must reach WCAG AA (4.5:1); the server checks the same list. */
export const CONTRAST_PAIRS = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['accent-foreground', 'accent'],
  ['muted-foreground', 'muted'],
] as const;

export const WCAG_AA_RATIO = 4.5;

function hslToRgb({ h, s, l }: Hsl): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [channel(0), channel(8), channel(4)];
}

function relativeLuminance(hsl: Hsl): number {
  const [r, g, b] = hslToRgb(hsl).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two HSL triples (1–21), or null when one is not a valid triple. */
export function contrastRatio(foreground: string, background: string): number | null {
  const fg = parseHsl(foreground);
  const bg = parseHsl(background);
  if (!fg || !bg) return null;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

export interface ContrastFailure {
  foreground: string;
  background: string;
  ratio: number;
}

/** The pairs below 4.5:1, with their ratio rounded to two decimals. */
export function contrastFailures(tokens: Tokens): ContrastFailure[] {
  const failures: ContrastFailure[] = [];
  for (const [foreground, background] of CONTRAST_PAIRS) {
    const ratio = contrastRatio(String(tokens[foreground]), String(tokens[background]));
    if (ratio === null || ratio < WCAG_AA_RATIO) {
      failures.push({ foreground, background, ratio: Math.round((ratio ?? 0) * 100) / 100 });
    }
  }
  return failures;
}
