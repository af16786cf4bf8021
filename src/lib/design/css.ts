import { DESIGN_ID_PATTERN, PROPERTY_BY_NAME, SHADOWS, styleValueError } from './properties';
import type { DesignDocument } from './schema';
import { TOKEN_BY_NAME, parseHsl, tokenError } from './tokens';

/**
 * CSS text for a design. Every token, selector and value is checked again against the allow-list
 * here (whatever the source of the document) and anything else is dropped, so no text from a
 * design can close the style element or reach url(), expression() or a script.
 */
export function designCss(design: Pick<DesignDocument, 'tokens' | 'styles' | 'hidden'>): string {
  const rules: string[] = [];

  const variables = Object.entries(design.tokens ?? {})
    .filter(([name, value]) => tokenError(name, value) === null)
    .map(([name, value]) => {
      const type = TOKEN_BY_NAME.get(name)?.type;
      return `--${name}:${type === 'color' ? String(value) : `${Number(value)}rem`};`;
    });
  if (variables.length > 0) rules.push(`:root{${variables.join('')}}`);

  for (const [id, styles] of Object.entries(design.styles ?? {})) {
    if (!DESIGN_ID_PATTERN.test(id)) continue;
    const declarations = Object.entries(styles ?? {})
      .filter(([property, value]) => styleValueError(property, value) === null)
      .map(([property, value]) => `${property}:${cssValue(property, value)} !important;`);
    if (declarations.length > 0) rules.push(`[data-design-id="${id}"]{${declarations.join('')}}`);
  }

  const hidden = (design.hidden ?? []).filter((id) => DESIGN_ID_PATTERN.test(id));
  if (hidden.length > 0) {
    rules.push(`${hidden.map((id) => `[data-design-id="${id}"]`).join(',')}{display:none !important;}`);
  }
  return rules.join('\n');
}

function cssValue(property: string, value: string | number): string {
  const definition = PROPERTY_BY_NAME.get(property)!;
  switch (definition.kind) {
    case 'number':
      return `${value}${definition.unit}`;
    case 'color':
      return parseHsl(value) ? `hsl(${value})` : `hsl(var(--${value}))`;
    case 'option':
      if (property === 'box-shadow') return SHADOWS[value as string];
      if (property === 'font-family' && String(value).includes(' ')) return `"${value}"`;
      return String(value);
  }
}
