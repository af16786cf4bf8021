import { siteOrigin } from './ssr';

/**
 * schema.org data as a `<script type="application/ld+json">` element. JSON-LD is data, not script:
 * "<" is escaped so no text can close the element. Its absolute URLs can differ between the
 * prerender and the browser when VITE_SITE_URL is not set, hence no hydration warning.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

/** An absolute URL on the site's address (VITE_SITE_URL, else this origin; see `siteOrigin`). */
export function siteUrl(path: string): string {
  return new URL(path, `${siteOrigin()}/`).toString();
}
