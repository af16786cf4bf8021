// The security headers of the static site, written once at build time into `dist/_headers`
// (Netlify's format, which Cloudflare Pages reads too) and applied by our own static server
// (`npm run preview`, the browser tests, the Lighthouse bench) from that same file. See
// docs/deploying.md.
//
// Content-Security-Policy: scripts only from the site itself plus the inline loader of each
// prerendered page, allowed by its SHA-256 hash (computed here from the written pages; the page data
// and JSON-LD are `type="application/json"`/`ld+json` data blocks, which a CSP does not run);
// connections and pictures to the Supabase API; no plugins, no framing by other sites.
// The guest's private pages (/booking/…, /review/…: a token in the URL) add Referrer-Policy:
// no-referrer and X-Robots-Tag: noindex.
import { createHash } from 'node:crypto';

export interface HeaderRule {
  /** a path, or a prefix ending in `*` */
  path: string;
  headers: Record<string, string>;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPES = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** The `'sha256-…'` source of every inline script of a page that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPES.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The private pages of guests, in every language. */
const PRIVATE_PREFIXES = ['/booking/', '/review/'].flatMap((path) => [path, `/it${path}`, `/fr${path}`]);

export function securityHeaderRules(options: { apiUrl: string; scriptHashes: Iterable<string> }): HeaderRule[] {
  const api = new URL(options.apiUrl).origin;
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(options.scriptHashes)].sort().join(' ')}`.trim(),
    // the site design's <style> element and React's style attributes
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api}`,
    "font-src 'self' data:",
    `connect-src 'self' ${api}`,
    // the designer previews the site in a frame of its own origin
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return [
    {
      path: '/*',
      headers: {
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'X-Frame-Options': 'SAMEORIGIN',
      },
    },
    ...PRIVATE_PREFIXES.map((prefix) => ({
      path: `${prefix}*`,
      headers: { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' },
    })),
  ];
}

/** Netlify's `_headers` file: a path line, then its headers indented. */
export function headersFile(rules: HeaderRule[]): string {
  return (
    rules
      .map((rule) =>
        [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
      )
      .join('\n') + '\n'
  );
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0 && rules.length) rules.at(-1)!.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The headers for a URL path: every matching rule in order, a later one replacing a header. */
export function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const matches = (pattern: string) =>
    pattern.endsWith('*') ? urlPath.startsWith(pattern.slice(0, -1)) : urlPath === pattern;
  return Object.assign({}, ...rules.filter((rule) => matches(rule.path)).map((rule) => rule.headers));
}
