/**
 * The prerender's side of the app (built with `vite build --ssr`, run by scripts/prerender.ts):
 * renders one public URL to HTML with React's static renderer, which waits for lazy routes and
 * Suspense, through React Router's `StaticRouter`, with the query cache filled beforehand. The
 * browser hydrates that HTML with the same tree (src/main.tsx, src/app/App.tsx).
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { activateLocale, loadBookingMessages, localeOfPath, LOCALES, type Locale } from '@/lib/i18n';
import { ServerRenderContext, setServerOrigin, type ServerRender } from '@/lib/ssr';
import { AppProviders } from './app/App';
import { pageDataScript } from './app/prerender/page-data';
import { prefetchPage } from './app/prerender/prefetch';
import { AppRoutes } from './app/router';

export { LOCALES };
export { fetchPublicRooms } from '@/lib/public-rooms/api';

export interface RenderOptions {
  /** a browser-like window for the page (jsdom): effects that edit `document.head` run against it */
  window: Window & typeof globalThis;
  /** false when the API cannot be reached: render the defaults without asking it */
  fetchData: boolean;
}

export interface RenderedPage {
  locale: Locale;
  /** the HTML inside `<div id="root">` */
  html: string;
  /** `<script type="application/json">` with the query cache and the chunks used */
  dataScript: string;
  /** the `lazyWithPreload` ids (source paths) the page rendered */
  lazies: string[];
  /** the page's window after the render: its `document.head` holds the tags the page set */
  window: Window & typeof globalThis;
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let html = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    html += decoder.decode(chunk.value, { stream: true });
  }
  return html + decoder.decode();
}

export async function renderPage(pathname: string, options: RenderOptions): Promise<RenderedPage> {
  const locale = localeOfPath(pathname);
  await activateLocale(locale);
  // every part of the catalog: a page may render any flow (the home page's booking section)
  await loadBookingMessages();
  setServerOrigin(options.window.location.origin);

  // no retries: an unreachable API must not hold the build up; a failed query renders its defaults
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (options.fetchData) await prefetchPage(queryClient, pathname);

  const server: ServerRender = {
    lazies: new Set(),
    runHeadEffect(effect) {
      // the effect edits the page's document (only while it runs, synchronously)
      const saved = { window: Reflect.get(globalThis, 'window'), document: Reflect.get(globalThis, 'document') };
      Reflect.set(globalThis, 'window', options.window);
      Reflect.set(globalThis, 'document', options.window.document);
      try {
        effect();
      } finally {
        Reflect.set(globalThis, 'window', saved.window);
        Reflect.set(globalThis, 'document', saved.document);
      }
    },
  };

  const { prelude } = await prerender(
    <StrictMode>
      <ServerRenderContext.Provider value={server}>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ServerRenderContext.Provider>
    </StrictMode>,
    {
      // Every part inline, where it stands: by default React moves a large part (the hero, the rooms)
      // to the end of the HTML behind a swap script, so the page would paint without it first.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        console.error(`${pathname}:`, error);
      },
    },
  );
  const html = await readStream(prelude);
  // the cache as the browser's first render must see it: data of that moment, stale at once there
  const dataScript = pageDataScript({ queries: dehydrate(queryClient), lazies: [...server.lazies] });
  return { locale, html, dataScript, lazies: [...server.lazies], window: options.window };
}
