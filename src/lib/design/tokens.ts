/**
 * Design tokens of the public site. Colours are HSL triples ("14 53% 36%", the format of the
 * CSS variables in src/index.css); spacing and font sizes are rem numbers. The defaults are the
 * site's current look, so a design made of defaults changes nothing.
 */
export type TokenType = 'color' | 'spacing' | 'typography';
export type TokenCategory = 'Brand Colors' | 'Theme Colors' | 'Spacing' | 'Typography';

export interface TokenDefinition {
  name: string;
  type: TokenType;
  category: TokenCategory;
  value: string | number;
}

const color = (category: TokenCategory) => (name: string, value: string) =>
  ({ name, type: 'color', category, value }) as const satisfies TokenDefinition;
const brand = color('Brand Colors');
const theme = color('Theme Colors');

export const SPACING_RANGE = { min: 0, max: 8, step: 0.25 } as const;
export const TYPOGRAPHY_RANGE = { min: 0.5, max: 5, step: 0.125 } as const;

export const TOKEN_DEFINITIONS = [
  brand('primary', '14 53% 36%'),
  brand('primary-foreground', '40 33% 98%'),
  brand('secondary', '36 33% 92%'),
  brand('secondary-foreground', '20 14% 15%'),
  brand('accent', '38 45% 88%'),
  brand('accent-foreground', '20 14% 15%'),
  theme('background', '40 33% 98%'),
  theme('foreground', '20 14% 12%'),
  theme('card', '0 0% 100%'),
  theme('card-foreground', '20 14% 12%'),
  theme('muted', '36 20% 93%'),
  theme('muted-foreground', '20 8% 36%'),
  theme('border', '30 15% 85%'),
  theme('rose', '350 45% 45%'),
  theme('rose-light', '350 60% 94%'),
  theme('sage', '100 18% 38%'),
  theme('sage-light', '100 20% 92%'),
  theme('cream', '40 50% 96%'),
  theme('cream-dark', '38 35% 86%'),
  theme('terracotta', '14 53% 46%'),
  theme('terracotta-light', '14 55% 90%'),
  theme('stone', '30 8% 40%'),
  theme('stone-light', '30 10% 92%'),
  theme('vintage-gold', '40 60% 45%'),
  theme('vintage-gold-light', '40 60% 90%'),
  ...(['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const).map(
    (size, i) =>
      ({
        name: `spacing-${size}`,
        type: 'spacing',
        category: 'Spacing',
        value: [0.25, 0.5, 1, 1.5, 2, 3, 4][i],
      }) as const satisfies TokenDefinition,
  ),
  ...(['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl'] as const).map(
    (size, i) =>
      ({
        name: `font-size-${size}`,
        type: 'typography',
        category: 'Typography',
        value: [0.75, 0.875, 1, 1.125, 1.25, 1.5, 1.875, 2.25][i],
      }) as const satisfies TokenDefinition,
  ),
] satisfies TokenDefinition[];

export const TOKEN_CATEGORIES: TokenCategory[] = ['Brand Colors', 'Theme Colors', 'Spacing', 'Typography'];

export type Tokens = Record<string, string | number>;

export const TOKEN_BY_NAME: ReadonlyMap<string, TokenDefinition> = new Map(
  TOKEN_DEFINITIONS.map((token) => [token.name, token]),
);

export const COLOR_TOKEN_NAMES = TOKEN_DEFINITIONS.filter((token) => token.type === 'color').map((t) => t.name);

export function defaultTokens(): Tokens {
  return Object.fromEntries(TOKEN_DEFINITIONS.map((token) => [token.name, token.value]));
}

/** "h s% l%": hue 0–360, saturation and lightness 0–100, at most two decimals. */
const HSL_PATTERN = /^(\d{1,3}(?:\.\d{1,2})?) (\d{1,3}(?:\.\d{1,2})?)% (\d{1,3}(?:\.\d{1,2})?)%$/;

export interface Hsl {
  h: number;
  s: number;
  l: number;
}

export function parseHsl(value: unknown): Hsl | null {
  if (typeof value !== 'string') return null;
  const match = HSL_PATTERN.exec(value);
  if (!match) return null;
  const [h, s, l] = match.slice(1).map(Number);
  return h <= 360 && s <= 100 && l <= 100 ? { h, s, l } : null;
}

export function formatHsl({ h, s, l }: Hsl): string {
  const round = (n: number) => Math.round(n * 100) / 100;
  return `${round(h)} ${round(s)}% ${round(l)}%`;
}

function onStep(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

export function rangeAllows(range: { min: number; max: number; step: number }, value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= range.min &&
    value <= range.max &&
    onStep(value, range.min, range.step)
  );
}

/** Why a token value is refused, or null when it is fine. */
export function tokenError(name: string, value: unknown): string | null {
  const token = TOKEN_BY_NAME.get(name);
  if (!token) return `Unknown token "${name}"`;
  if (token.type === 'color') return parseHsl(value) ? null : `${name} must be an HSL triple such as 220 60% 15%`;
  const range = token.type === 'spacing' ? SPACING_RANGE : TYPOGRAPHY_RANGE;
  return rangeAllows(range, value)
    ? null
    : `${name} must be between ${range.min} and ${range.max} rem in steps of ${range.step}`;
}

/** The 15 preset swatches of the colour editor. */
export const COLOR_SWATCHES = [
  '14 53% 36%',
  '14 53% 46%',
  '40 60% 45%',
  '350 45% 45%',
  '100 18% 38%',
  '30 8% 40%',
  '220 60% 15%',
  '210 70% 40%',
  '160 50% 30%',
  '270 40% 40%',
  '0 72% 42%',
  '20 14% 12%',
  '40 33% 98%',
  '36 33% 92%',
  '0 0% 100%',
] as const;
