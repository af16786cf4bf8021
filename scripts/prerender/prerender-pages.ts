// Writes every public page in every language as a static HTML file into the client build, from the
// server bundle of src/entry-server.tsx. `dist/index.html` (Vite's page) becomes the SPA shell
// `dist/shell.html`, then the prerendered home page. Last, `dist/_headers`: the security headers,
// with the hashes of the pages' inline loaders (./security-headers.ts). See docs/prerendering.md.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { EARLY_CLICKS_SCRIPT } from '../../src/app/prerender/early-clicks';
import { ANON_KEY } from '../../supabase/local/keys';
import { headersFile, inlineScriptHashes, securityHeaderRules } from './security-headers';
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
 * The page is complete without JavaScript, so its scripts give way to the first paint: nothing
 * but the HTML, the stylesheet and the main picture loads before it. An inline module (deferred,
 * like the entry it replaces) waits for the first contentful paint, then adds the modulepreload
 * links (the entry's chunks, the page's catalog and lazy chunks, all at once) and imports the entry,
 * which hydrates. A timer starts it where nothing paints (a hidden tab).
 */
function scriptsAfterFirstPaint(document: Document, extraChunks: string[]) {
  const entryScript = document.querySelector('script[type="module"][src]');
  if (!entryScript) throw new Error('The built index.html has no module script (the entry).');
  const entry = entryScript.getAttribute('src')!;
  const preloads = [...document.querySelectorAll('link[rel="modulepreload"]')];
  const files = [
    ...new Set([
      entry,
      ...preloads.map((link) => link.getAttribute('href')!),
      ...extraChunks.map((file) => `/${file}`),
    ]),
  ];
  entryScript.remove();
  preloads.forEach((link) => link.remove());
  // a button pressed before React is attached is replayed by the entry (src/app/prerender/early-clicks.ts)
  const earlyClicks = document.createElement('script');
  earlyClicks.textContent = EARLY_CLICKS_SCRIPT;
  document.head.append(earlyClicks);
  const start = document.createElement('script');
  start.type = 'module';
  start.textContent =
    `let s=0;const go=()=>{if(s)return;s=1;for(const f of ${JSON.stringify(files)}){const l=document.createElement("link");` +
    `l.rel="modulepreload";l.crossOrigin="";l.href=f;document.head.append(l)}import(${JSON.stringify(entry)})};` +
    `try{new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length)` +
    `requestAnimationFrame(()=>setTimeout(go))}).observe({type:"paint",buffered:true})}catch{go()}setTimeout(go,3000)`;
  document.body.append(start);
}

/** The files a page's inline loader preloads (as `scriptsAfterFirstPaint` wrote them), entry first. */
export function loaderFiles(html: string): string[] {
  const list = /for\(const f of (\[[^\]]*\])\)/.exec(html)?.[1];
  if (!list) throw new Error('The page has no inline loader (scriptsAfterFirstPaint).');
  return JSON.parse(list) as string[];
}

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

/**
 * React writes a `<link rel="preload" as="image">` for the page's main picture where the render
 * starts (inside the root). In the head, at high priority, the browser fetches it with the
 * stylesheet; React does not hydrate these links, so the root's HTML does not need them.
 */
function hoistImagePreloads(document: Document, html: string): string {
  const links = html.match(IMAGE_PRELOAD) ?? [];
  for (const tag of links) {
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('href', href.replace(/&amp;/g, '&'));
    link.setAttribute('fetchpriority', 'high');
    document.head.insertBefore(link, document.querySelector('link[rel="stylesheet"]'));
  }
  return html.replace(IMAGE_PRELOAD, '');
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
    `${prefix}/privacy`,
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
  const scriptHashes = new Set(inlineScriptHashes(template));
  for (const path of paths) {
    const dom = new JSDOM(template, { url: `${siteUrl}${path}` });
    const page = await entry.renderPage(path, { window: dom.window, fetchData });
    const document = dom.window.document;
    document.documentElement.lang = page.locale;
    const root = document.getElementById('root')!;
    root.innerHTML = ROOT_PLACEHOLDER;
    root.insertAdjacentHTML('afterend', page.dataScript);
    scriptsAfterFirstPaint(
      document,
      chunksBeforeHydration(manifest, [`src/locales/${page.locale}.po`, ...page.lazies]),
    );
    const rootHtml = hoistImagePreloads(document, page.html);
    const html = dom.serialize().replace(ROOT_PLACEHOLDER, () => rootHtml);
    const file = join(options.outDir, fileOfPath(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    inlineScriptHashes(html).forEach((hash) => scriptHashes.add(hash));
  }
  // the static host's security headers, the CSP allowing exactly the inline loaders written above
  writeFileSync(join(options.outDir, '_headers'), headersFile(securityHeaderRules({ apiUrl, scriptHashes })));
  log(`Prerendered ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s (${siteUrl}).`);
  return paths;
}
