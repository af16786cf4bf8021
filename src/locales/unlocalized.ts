// Finds texts an admin screen renders without Lingui (issue 43): JSX text outside <Trans>, string
// props a person reads (title, placeholder, aria-label, label, description…), and toasts' texts.
// Read with the TypeScript compiler's parser, so a string in code (a class name, a key, a URL) is
// never mistaken for a text. Used by catalogs.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import ts from 'typescript';

/** Props whose value a person reads or hears. */
const TEXT_PROPS = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'alt',
  'label',
  'description',
  'emptyText',
  'emptyTitle',
  'emptyDescription',
  'confirmLabel',
  'cancelLabel',
  'hint',
  'caption',
  'heading',
  'message',
  'subtitle',
]);
/** Functions whose string arguments are shown (src/lib/toast.ts, confirm()). */
const TEXT_CALLS = new Set(['toastSuccess', 'toastError', 'toastFailure', 'toastInfo', 'confirm', 'alert']);
/** Elements whose children Lingui's macros translate. */
const LINGUI_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
/** Names that stay as they are in every language. */
export const PROPER_NAMES = [
  'Colosseum Guest House',
  'ISTAT',
  'CSV',
  'PDF',
  'Stripe',
  'Booking.com',
  'Expedia',
  'Airbnb',
  'Alloggiati Web',
  'TOTP',
  'ADR',
  'RevPAR',
  'URL',
  'HMAC',
  'Netlify',
  'WhatsApp',
  'OK',
  'Email',
  'E-mail',
  'EUR',
  'Hex',
  'HEX',
  'RGB',
];

/** A text worth translating: two letters in a row, and not only proper names, codes or units. */
export function isText(value: string): boolean {
  let rest = value;
  for (const name of PROPER_NAMES) rest = rest.split(name).join(' ');
  return /\p{L}{2,}/u.test(rest);
}

export interface Finding {
  file: string;
  line: number;
  text: string;
}

function lineOf(source: ts.SourceFile, node: ts.Node) {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function insideLingui(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && LINGUI_ELEMENTS.has(parent.openingElement.tagName.getText())) return true;
  }
  return false;
}

/** A literal's text when the expression is a plain string or an untagged template (not t`…`). */
function literalText(node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return literalText(node.right);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return literalText(node.right);
  return undefined;
}

/** The texts of one file that a person would read in English whatever the portal's language. */
export function unlocalizedTexts(file: string): Finding[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (isText(text)) findings.push({ file, line: lineOf(source, node), text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && !insideLingui(node)) report(node, node.text);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent) && !insideLingui(node)) {
      const text = literalText(node.expression);
      if (text !== undefined) report(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(node, value.text);
      else if (value && ts.isJsxExpression(value)) {
        const text = literalText(value.expression);
        if (text !== undefined) report(node, text);
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const name = callee.split('.').pop()!;
      if (TEXT_CALLS.has(name))
        for (const arg of node.arguments) {
          const text = literalText(arg);
          if (text !== undefined) report(arg, text);
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The `.tsx` files under a folder (tests left out), or the file itself. */
export function componentFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => componentFiles(`${path}/${entry.name}`))
    .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
    .sort();
}
