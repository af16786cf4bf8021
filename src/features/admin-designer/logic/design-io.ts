import { designCss } from '@/lib/design/css';
import { parseDesign, type DesignDocument } from '@/lib/design/schema';
import { TOKEN_BY_NAME, tokenError, type Tokens } from '@/lib/design/tokens';

/** The spec's export file name, design-export-{timestamp}.json. */
export function exportFileName(now: Date): string {
  return `design-export-${now.getTime()}.json`;
}

/** The export file: the spec's fields (css, selected element, viewport, exportedAt) plus the design. */
export function exportDesign(
  design: DesignDocument,
  context: { selectedElement: string | null; viewport: string; now: Date },
) {
  return {
    css: designCss(design),
    selectedElement: context.selectedElement,
    viewport: context.viewport,
    exportedAt: context.now.toISOString(),
    design,
  };
}

export type ImportResult = { success: true; design: DesignDocument } | { success: false; errors: string[] };

/** Reads an exported design file back, validated like everything the server stores. */
export function importDesign(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { success: false, errors: ['The file is not valid JSON'] };
  }
  const design = typeof data === 'object' && data !== null && 'design' in data ? data.design : data;
  return parseDesign(design);
}

/** Tokens as a W3C design-tokens (DTCG) document: { "primary": { "$type": "color", "$value": "…" } }. */
export function exportTokens(tokens: Tokens) {
  return Object.fromEntries(
    Object.entries(tokens).map(([name, value]) => {
      const type = TOKEN_BY_NAME.get(name)?.type;
      return [
        name,
        type === 'color' ? { $type: 'color', $value: `hsl(${value})` } : { $type: 'dimension', $value: `${value}rem` },
      ];
    }),
  );
}

export interface TokenChange {
  name: string;
  from: string | number;
  to: string | number;
}

export type TokenImport =
  { success: true; tokens: Tokens; changes: TokenChange[] } | { success: false; errors: string[] };

/** Reads a design-tokens file against the current tokens: the new set and what it changes. */
export function importTokens(text: string, current: Tokens): TokenImport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { success: false, errors: ['The file is not valid JSON'] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { success: false, errors: ['The file must hold an object of tokens'] };
  }
  const tokens = { ...current };
  const errors: string[] = [];
  for (const [name, entry] of Object.entries(data)) {
    const raw = typeof entry === 'object' && entry !== null && '$value' in entry ? entry.$value : entry;
    const value = readTokenValue(name, raw);
    const error = tokenError(name, value);
    if (error) errors.push(error);
    else tokens[name] = value as string | number;
  }
  if (errors.length > 0) return { success: false, errors };
  const changes = Object.keys(tokens)
    .filter((name) => tokens[name] !== current[name])
    .map((name) => ({ name, from: current[name], to: tokens[name] }));
  return { success: true, tokens, changes };
}

function readTokenValue(name: string, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (TOKEN_BY_NAME.get(name)?.type === 'color') {
    const inner = /^hsl\((.*)\)$/.exec(raw.trim());
    return inner ? inner[1].trim() : raw.trim();
  }
  const rem = /^(-?\d+(?:\.\d+)?)rem$/.exec(raw.trim());
  return rem ? Number(rem[1]) : raw;
}
