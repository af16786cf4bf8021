import { z } from 'zod/mini';
import { BLOCK_FIELD_LIMITS, BLOCK_FIELDS, BLOCK_KIND_IDS, MAX_BLOCKS, type BlockField } from './blocks';
import { DESIGN_ID_PATTERN, styleValueError } from './properties';
import { TOKEN_DEFINITIONS, defaultTokens, tokenError } from './tokens';

/**
 * The design document: tokens, styles of designable elements, hidden elements and added home-page
 * blocks. The same rules are checked by the database (private.design_errors) on the draft and on
 * every version, and again by the CSS generator.
 */
export const MAX_STYLED_ELEMENTS = 200;
export const BLOCK_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

const designId = z.string().check(z.regex(DESIGN_ID_PATTERN, 'Element ids are lower-case words and dashes'));
const scalar = z.union([z.string().check(z.maxLength(40)), z.number()]);
const blockFields = ['title', 'text', 'button', 'items'] as const satisfies BlockField[];

const designShape = z.strictObject({
  version: z.literal(1),
  tokens: z.record(z.string(), scalar),
  styles: z.record(designId, z.record(z.string(), scalar)),
  hidden: z.array(designId).check(z.maxLength(MAX_STYLED_ELEMENTS)),
  blocks: z
    .array(
      z.strictObject({
        id: z.string().check(z.regex(BLOCK_ID_PATTERN)),
        kind: z.enum(BLOCK_KIND_IDS),
        texts: z.partialRecord(z.enum(blockFields), z.string()),
      }),
    )
    .check(z.maxLength(MAX_BLOCKS)),
});

export type DesignDocument = z.infer<typeof designShape>;
export type DesignBlock = DesignDocument['blocks'][number];

export function defaultDesign(): DesignDocument {
  return { version: 1, tokens: defaultTokens(), styles: {}, hidden: [], blocks: [] };
}

function semanticErrors(design: DesignDocument): string[] {
  const errors: string[] = [];
  for (const token of TOKEN_DEFINITIONS) {
    if (!(token.name in design.tokens)) errors.push(`Token ${token.name} is missing`);
  }
  for (const [name, value] of Object.entries(design.tokens)) {
    const error = tokenError(name, value);
    if (error) errors.push(error);
  }
  const styled = Object.entries(design.styles);
  if (styled.length > MAX_STYLED_ELEMENTS) errors.push(`At most ${MAX_STYLED_ELEMENTS} styled elements`);
  for (const [id, styles] of styled) {
    for (const [property, value] of Object.entries(styles)) {
      const error = styleValueError(property, value);
      if (error) errors.push(`${id}: ${error}`);
    }
  }
  const blockIds = new Set<string>();
  for (const block of design.blocks) {
    if (blockIds.has(block.id)) errors.push(`Block id ${block.id} is used twice`);
    blockIds.add(block.id);
    for (const [field, text] of Object.entries(block.texts) as [BlockField, string][]) {
      if (!BLOCK_FIELDS[block.kind].includes(field)) errors.push(`A ${block.kind} block has no ${field}`);
      else if (text.length > BLOCK_FIELD_LIMITS[field]) {
        errors.push(`${field} of a ${block.kind} block is longer than ${BLOCK_FIELD_LIMITS[field]} characters`);
      }
    }
  }
  return errors;
}

export type DesignParseResult = { success: true; design: DesignDocument } | { success: false; errors: string[] };

/** Validates anything (a stored row, an imported file) as a design document. */
export function parseDesign(input: unknown): DesignParseResult {
  const parsed = z.safeParse(designShape, input);
  if (!parsed.success) {
    return {
      success: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'design'}: ${issue.message}`),
    };
  }
  const errors = semanticErrors(parsed.data);
  return errors.length > 0 ? { success: false, errors } : { success: true, design: parsed.data };
}
