import { createHash } from 'node:crypto';
import { headersFile, headersFor, inlineScriptHashes, parseHeadersFile, securityHeaderRules } from './security-headers';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the static site security headers', () => {
  it('hashes the inline scripts a browser runs, not the data blocks or external scripts', () => {
    const loader = 'let s=0;import("/assets/index-abc.js")';
    const html =
      `<script type="application/ld+json">{"@type":"Hotel"}</script>` +
      `<script type="application/json" id="prerender-data">{"q":1}</script>` +
      `<script type="module" src="/assets/index.js"></script>` +
      `<script type="module">${loader}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha(loader)]);
  });

  it('writes a CSP with the hashes and the API, and stricter headers on the private pages', () => {
    const rules = securityHeaderRules({
      apiUrl: 'https://abc.supabase.co/',
      scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"],
    });
    const parsed = parseHeadersFile(headersFile(rules));
    expect(parsed).toEqual(rules);
    const home = headersFor(parsed, '/');
    expect(home['Content-Security-Policy']).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
    expect(home['Content-Security-Policy']).toContain("connect-src 'self' https://abc.supabase.co;");
    expect(home['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    expect(home).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    for (const path of ['/booking/CG-ABC234', '/it/booking/CG-ABC234', '/fr/review/token']) {
      expect(headersFor(parsed, path), path).toMatchObject({
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    expect(headersFor(parsed, '/booking-success')['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });
});
