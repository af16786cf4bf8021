import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { activateLocale, localeOfPath } from '@/lib/i18n';
import { beginHydration, preloadLazies } from '@/lib/ssr';
import { App } from './app/App';
import { replayEarlyClicks } from './app/prerender/early-clicks';
import { readPrerenderData } from './app/prerender/page-data';
import { warmUpBeforeHydration } from './app/prerender/warm-up';
import './index.css';

const container = document.getElementById('root')!;
// A prerendered page (scripts/prerender.ts) carries its query cache and the chunks it used; the SPA
// shell (admin, unknown paths) carries nothing and renders in the browser.
const prerendered = readPrerenderData(document);

// The page's catalog (then a prerendered page's chunks, which may add their part of it) first, so
// the first render is in its language and matches the HTML. Not a top-level await: that would make
// the bundler split the entry (lazy routes import back into it).
const locale = localeOfPath(window.location.pathname);
void activateLocale(locale)
  .then(() => (prerendered ? preloadLazies(prerendered.lazies) : undefined))
  .then(() => (prerendered ? warmUpBeforeHydration(locale) : undefined))
  .then(() => {
    const app = (
      <StrictMode>
        <App dehydratedState={prerendered?.queries as DehydratedState | undefined} />
      </StrictMode>
    );
    if (!prerendered) {
      createRoot(container).render(app);
      return;
    }
    beginHydration();
    // In a transition, hydration is time-sliced: React yields to the browser every few ms instead of
    // holding the main thread for the whole page, so a tap is never stuck behind one long task.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error, info) {
          console.error('Hydration error:', error, info.componentStack);
        },
      });
    });
    // buttons pressed before React was attached (the page's inline script kept them)
    replayEarlyClicks();
  });
