// Writes every public page in every language as a static HTML file into the client build, from the
// server bundle of src/entry-server.tsx. `dist/index.html` (Vite's page) becomes the SPA shell
// `dist/shell.html`, then the prerendered home page. See docs/prerendering.md.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { ANON_KEY } from '../../supabase/local/keys';
import { SHELL_FILE } from './static-server';

type Locale = 'en' | 'it' | 'fr';

interface ServerEntry {
  LOCALES: readonly Locale[];
  renderPage(
    pathname: string,
    options: { window: Window & typeof globalThis; fetchData: boolean },
  ): Promise<{
    locale: Locale;
    html: string;
    dataScript: string;
    lazies: string[];
    window: Window & typeof globalThis;
    status: number;
  }>;
}

export interface PrerenderOptions {
  outDir: string;
  serverEntry: string;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

const LOCAL_API_URL = 'http://127.0.0.1:54321';
const LOCAL_SITE_URL = 'http://127.0.0.1:8080';
const API_TIMEOUT_MS = 5000;
const ROOT_PLACEHOLDER = '<!--prerendered-root-->';

/** The ids of the rooms the public API lists, or null when it cannot be reached in time. */
async function listedRooms(apiUrl: string, anonKey: string): Promise<string[] | Error> {
  try {
    const response = await fetch(`${apiUrl}/rest/v1/rooms?select=id&order=name`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) return new Error(`HTTP ${response.status}`);
    return ((await response.json()) as { id: string }[]).map((room) => room.id);
  } catch (error) {
    return error as Error;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript files a page needs before it hydrates besides the entry: its language's catalog
 * and the lazily loaded chunks it rendered, with their static imports (from Vite's manifest).
 */
function chunksBeforeHydration(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  // a lazy chunk's id is its module's file name without extension ('RoomPage')
  const keyOf = (id: string) =>
    manifest[id] ? id : Object.keys(manifest).find((key) => key.replace(/\.[jt]sx?$/, '').endsWith(`/${id}`));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach((id) => {
    const key = keyOf(id);
    if (key) visit(key);
    else throw new Error(`Prerender: no chunk in Vite's manifest for the lazy component "${id}".`);
  });
  return [...files];
}

/**
 * Adds `<link rel="modulepreload">` for the chunks the page needs before it hydrates beyond the
 * entry's own (its language's catalog, the lazy chunks it rendered), so they download with the
 * entry instead of after it.
 */
function preloadChunks(document: Document, files: string[]) {
  const listed = new Set(
    [...document.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    ),
  );
  const stylesheet = document.querySelector('link[rel="stylesheet"]');
  for (const file of files) {
    if (listed.has(`/${file}`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.setAttribute('crossorigin', '');
    link.href = `/${file}`;
    document.head.insertBefore(link, stylesheet);
  }
}

/** `/` → index.html, `/it/` → it/index.html, `/room/3` → room/3.html, `/it/404` → it/404.html */
export function fileOfPath(pathname: string): string {
  if (pathname.endsWith('/')) return `${pathname.slice(1)}index.html`;
  return `${pathname.slice(1)}.html`;
}

/** The public pages of one language (paths as the router serves them). */
export function publicPaths(locale: Locale, roomIds: string[]): string[] {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  return [
    `${prefix}/`,
    ...roomIds.map((id) => `${prefix}/room/${encodeURIComponent(id)}`),
    `${prefix}/auth`,
    `${prefix}/booking-success`,
    `${prefix}/booking-cancelled`,
    // served by a static host for a missing file, where it supports a 404 page (no route has this path)
    `${prefix}/404`,
  ];
}

export async function prerenderPages(options: PrerenderOptions): Promise<string[]> {
  const log = options.log ?? ((message: string) => console.log(message));
  const warn = options.warn ?? ((message: string) => console.warn(`\u001b[33m${message}\u001b[0m`));
  const apiUrl = process.env.VITE_SUPABASE_URL || LOCAL_API_URL;
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY || ANON_KEY;
  const siteUrl = (process.env.VITE_SITE_URL || LOCAL_SITE_URL).replace(/\/$/, '');

  const templatePath = join(options.outDir, 'index.html');
  const template = readFileSync(templatePath, 'utf8');
  copyFileSync(templatePath, join(options.outDir, SHELL_FILE));

  const manifest = JSON.parse(readFileSync(join(options.outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = (await import(pathToFileURL(options.serverEntry).href)) as ServerEntry;
  const rooms = await listedRooms(apiUrl, anonKey);
  const fetchData = !(rooms instanceof Error);
  if (rooms instanceof Error) {
    warn(
      `⚠ Prerender: the API at ${apiUrl} could not be reached (${rooms.message}). The pages are written ` +
        `with the built-in default texts and no rooms; they fill in from the API in the browser.`,
    );
  }
  const paths = entry.LOCALES.flatMap((locale) => publicPaths(locale, fetchData ? rooms : []));

  const started = Date.now();
  for (const path of paths) {
    const dom = new JSDOM(template, { url: `${siteUrl}${path}` });
    const page = await entry.renderPage(path, { window: dom.window, fetchData });
    const document = dom.window.document;
    document.documentElement.lang = page.locale;
    const root = document.getElementById('root')!;
    root.innerHTML = ROOT_PLACEHOLDER;
    root.insertAdjacentHTML('afterend', page.dataScript);
    preloadChunks(document, chunksBeforeHydration(manifest, [`src/locales/${page.locale}.po`, ...page.lazies]));
    const html = dom.serialize().replace(ROOT_PLACEHOLDER, page.html);
    const file = join(options.outDir, fileOfPath(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  log(`Prerendered ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s (${siteUrl}).`);
  return paths;
}
