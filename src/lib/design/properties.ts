import { COLOR_TOKEN_NAMES, parseHsl, rangeAllows } from './tokens';

/**
 * The style properties the designer may set on a designable element, with the spec's ranges and
 * option lists. Numbers carry their unit here; nothing else ever reaches the generated CSS.
 */
export type PropertyGroup = 'Layout' | 'Spacing' | 'Typography' | 'Background & Colors' | 'Border & Effects';

interface NumberProperty {
  kind: 'number';
  name: string;
  group: PropertyGroup;
  min: number;
  max: number;
  step: number;
  unit: 'px' | '';
}
interface OptionProperty {
  kind: 'option';
  name: string;
  group: PropertyGroup;
  options: readonly string[];
}
interface ColorProperty {
  kind: 'color';
  name: string;
  group: PropertyGroup;
}
export type StyleProperty = NumberProperty | OptionProperty | ColorProperty;

const num = (group: PropertyGroup, name: string, min: number, max: number, step = 1, unit: 'px' | '' = 'px') =>
  ({ kind: 'number', group, name, min, max, step, unit }) as const;
const opt = (group: PropertyGroup, name: string, options: readonly string[]) =>
  ({ kind: 'option', group, name, options }) as const;
const col = (group: PropertyGroup, name: string) => ({ kind: 'color', group, name }) as const;

/** "Unbounded" px sizes of the spec, capped at a size no screen reaches. */
const SIZE_MAX = 10000;

export const STYLE_PROPERTIES: readonly StyleProperty[] = [
  opt('Layout', 'display', ['block', 'inline', 'inline-block', 'flex', 'grid', 'none']),
  opt('Layout', 'position', ['static', 'relative', 'absolute', 'fixed', 'sticky']),
  num('Layout', 'z-index', -1000, 1000, 1, ''),
  num('Layout', 'width', 0, SIZE_MAX),
  num('Layout', 'height', 0, SIZE_MAX),
  num('Layout', 'max-width', 0, SIZE_MAX),
  num('Layout', 'max-height', 0, SIZE_MAX),
  opt('Layout', 'overflow', ['visible', 'hidden', 'scroll', 'auto']),
  ...(['top', 'right', 'bottom', 'left'] as const).map((side) => num('Spacing', `margin-${side}`, -100, 200)),
  ...(['top', 'right', 'bottom', 'left'] as const).map((side) => num('Spacing', `padding-${side}`, 0, 200)),
  opt('Typography', 'font-family', ['inherit', 'serif', 'sans-serif', 'monospace', 'Inter', 'Playfair Display']),
  num('Typography', 'font-size', 8, 128),
  opt('Typography', 'font-weight', ['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900']),
  num('Typography', 'line-height', 0.5, 3, 0.1, ''),
  num('Typography', 'letter-spacing', -5, 20, 0.1),
  opt('Typography', 'text-align', ['left', 'center', 'right', 'justify']),
  opt('Typography', 'text-decoration', ['none', 'underline', 'overline', 'line-through']),
  opt('Typography', 'text-transform', ['none', 'uppercase', 'lowercase', 'capitalize']),
  col('Typography', 'color'),
  col('Background & Colors', 'background-color'),
  opt('Background & Colors', 'background-size', ['auto', 'cover', 'contain']),
  opt('Background & Colors', 'background-position', ['center', 'top', 'bottom', 'left', 'right']),
  opt('Background & Colors', 'background-repeat', ['repeat', 'no-repeat', 'repeat-x', 'repeat-y']),
  num('Background & Colors', 'opacity', 0, 1, 0.1, ''),
  num('Border & Effects', 'border-width', 0, 20),
  opt('Border & Effects', 'border-style', ['none', 'solid', 'dashed', 'dotted', 'double']),
  col('Border & Effects', 'border-color'),
  num('Border & Effects', 'border-radius', 0, 100),
  opt('Border & Effects', 'box-shadow', ['none', 'small', 'medium', 'large']),
];

export const PROPERTY_GROUPS: PropertyGroup[] = [
  'Layout',
  'Spacing',
  'Typography',
  'Background & Colors',
  'Border & Effects',
];

export const PROPERTY_BY_NAME: ReadonlyMap<string, StyleProperty> = new Map(STYLE_PROPERTIES.map((p) => [p.name, p]));

/** The box-shadow presets behind the option names. */
export const SHADOWS: Record<string, string> = {
  none: 'none',
  small: '0 1px 2px hsl(0 0% 0% / 0.08)',
  medium: '0 4px 12px hsl(0 0% 0% / 0.12)',
  large: '0 12px 32px hsl(0 0% 0% / 0.18)',
};

/** A designable element's id (the `data-design-id` attribute): lower-case words and dashes. */
export const DESIGN_ID_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

/** Why a style value is refused for a property, or null when it is allowed. */
export function styleValueError(property: string, value: unknown): string | null {
  const definition = PROPERTY_BY_NAME.get(property);
  if (!definition) return `"${property}" is not a style the designer may set`;
  switch (definition.kind) {
    case 'number':
      return rangeAllows(definition, value)
        ? null
        : `${property} must be between ${definition.min} and ${definition.max} in steps of ${definition.step}`;
    case 'option':
      return typeof value === 'string' && definition.options.includes(value)
        ? null
        : `${property} must be one of ${definition.options.join(', ')}`;
    case 'color':
      return parseHsl(value) || (typeof value === 'string' && COLOR_TOKEN_NAMES.includes(value))
        ? null
        : `${property} must be an HSL triple or a colour token name`;
  }
}
