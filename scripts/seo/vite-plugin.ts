import type { Plugin } from 'vite';
import { loadEnv } from 'vite';
import { ANON_KEY } from '../../supabase/local/keys';
import { robotsTxt, sitemapXml, type SitemapRoom } from './seo-files';

const LOCAL_SITE_URL = 'http://127.0.0.1:8080';

/** The rooms the public API lists (anon key), or null with a warning when it cannot be reached. */
async function publicRooms(apiUrl: string, anonKey: string, warn: (message: string) => void) {
  try {
    const response = await fetch(`${apiUrl}/rest/v1/rooms?select=id,updated_at&order=name`, {
      headers: { apikey: anonKey },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as SitemapRoom[];
  } catch (error) {
    warn(
      `sitemap.xml lists the home page only: the rooms could not be read from ${apiUrl} (${(error as Error).message})`,
    );
    return [];
  }
}

/**
 * Serves /robots.txt and /sitemap.xml from the dev server, and writes both into the build, with
 * absolute URLs on VITE_SITE_URL (the address the site is served from).
 */
export function seoFiles(): Plugin {
  let settings = { siteUrl: LOCAL_SITE_URL, apiUrl: '', anonKey: '' };
  const files = async (warn: (message: string) => void) => {
    const rooms = settings.apiUrl ? await publicRooms(settings.apiUrl, settings.anonKey, warn) : [];
    return { 'robots.txt': robotsTxt(settings.siteUrl), 'sitemap.xml': sitemapXml(settings.siteUrl, rooms) };
  };
  return {
    name: 'seo-files',
    configResolved(config) {
      const env = { ...loadEnv(config.mode, config.root, 'VITE_'), ...process.env };
      settings = {
        siteUrl: env.VITE_SITE_URL || LOCAL_SITE_URL,
        apiUrl: env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321',
        anonKey: env.VITE_SUPABASE_ANON_KEY || ANON_KEY,
      };
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const name = request.url?.split('?')[0].slice(1);
        if (name !== 'robots.txt' && name !== 'sitemap.xml') return next();
        const body = (await files((message) => server.config.logger.warn(message)))[name];
        response.setHeader('Content-Type', name === 'robots.txt' ? 'text/plain; charset=utf-8' : 'application/xml');
        response.end(body);
      });
    },
    async generateBundle() {
      for (const [fileName, source] of Object.entries(await files((message) => this.warn(message)))) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
