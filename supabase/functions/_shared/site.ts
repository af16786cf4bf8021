// The site a guest is sent back to from Stripe Checkout. The calling page's origin (the browser's
// `Origin` header) when it is the site's: the origin of SITE_URL, or, while SITE_URL itself is a
// loopback address (local development), a loopback origin on any port, as Supabase Auth accepts a
// redirect (the dev server, the preview, the browser tests' own server each run on their own port).
// Anything else (another site, no header) gets SITE_URL: Checkout never leads a guest off the site.
import { env } from './clients.ts';

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The origin (no trailing slash) of the site pages the guest returns to. */
export function siteOrigin(request: Request): string {
  const site = new URL(env('SITE_URL'));
  const header = request.headers.get('origin');
  if (!header) return site.origin;
  let origin: URL;
  try {
    origin = new URL(header);
  } catch {
    return site.origin;
  }
  if (origin.origin === site.origin) return origin.origin;
  const local = isLoopback(site) && isLoopback(origin) && (origin.protocol === 'http:' || origin.protocol === 'https:');
  return local ? origin.origin : site.origin;
}
