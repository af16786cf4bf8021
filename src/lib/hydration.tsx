/**
 * Hydrating a prerendered page part by part (see docs/prerendering.md, "Hydration, part by part").
 *
 * The root's own pass (providers, router, the page's frame) is kept small; each part of the page is
 * a Suspense boundary that React hydrates after it, in slices that never block the main thread for
 * long, or at once when the guest clicks into it:
 * - `<Island>`: what a guest can touch (menus, Book Now, forms, the cookie banner). Hydrated right
 *   after the root, before anything else. Once every island is, the page is interactive
 *   (`whenInteractive`).
 * - `<StaticPart>`: what a guest only reads (descriptions, amenities, reviews, the footer). Stays
 *   server HTML, costing no main-thread time, until it is needed: the guest acts (pointer, key,
 *   focus, wheel, scroll) or the data it shows changed since the build (`releaseStaticParts`).
 *   Its lazy chunks load then, not before.
 * The page counts as hydrated when every part is (`whenPageHydrated`).
 */
import { Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { endHydration, InStaticPart, IS_SERVER, rendersServerHtml } from './ssr';

/** A part's identity (one per mounted part). */
type Part = object;

let rootHydrated = false;
let settled = false;
let interactive = false;
/** parts rendered from the server's HTML and not hydrated yet; islands also in `waitingIslands` */
const waiting = new Set<Part>();
const waitingIslands = new Set<Part>();
const hydratedParts = new WeakSet<Part>();
const listeners: Array<() => void> = [];
const interactiveListeners: Array<() => void> = [];

let release: () => void = () => {};
/** Resolves when static parts may hydrate: the guest acted, or their data changed (`releaseStaticParts`). */
const staticPartsReleased = new Promise<void>((resolve) => {
  release = resolve;
});
// a navigation (hashchange, popstate) re-renders the page: a part still waiting would hold that render back
const GUEST_ACTIONS = [
  'pointerdown',
  'keydown',
  'touchstart',
  'focusin',
  'wheel',
  'scroll',
  'hashchange',
  'popstate',
] as const;

function settle() {
  if (!rootHydrated) return;
  if (!interactive && waitingIslands.size === 0) {
    interactive = true;
    interactiveListeners.splice(0).forEach((listener) => listener());
  }
  if (settled || waiting.size > 0) return;
  settled = true;
  endHydration();
  listeners.splice(0).forEach((listener) => listener());
}

/** Lets the static parts hydrate (in slices, after the islands). */
export function releaseStaticParts() {
  if (IS_SERVER) return;
  GUEST_ACTIONS.forEach((name) => window.removeEventListener(name, releaseStaticParts, true));
  release();
}

// Watched from the start, before React hydrates: reading the scroll position after the root's
// commit would make the browser lay the whole page out inside that task.
if (!IS_SERVER) {
  // a link to a section (/#contact), or a page already scrolled before the scripts came: the
  // guest is past the top, where the static parts are
  if (window.location.hash || window.scrollY > 0) releaseStaticParts();
  else {
    GUEST_ACTIONS.forEach((name) =>
      window.addEventListener(name, releaseStaticParts, { capture: true, passive: true }),
    );
  }
}

/** The root's first commit (src/app/App.tsx): the islands start; static parts when the guest acts. */
export function markRootHydrated() {
  if (rootHydrated) return;
  rootHydrated = true;
  settle();
}

/** Calls `listener` once, when every island is hydrated: what a guest can touch answers. */
export function whenInteractive(listener: () => void) {
  if (interactive) listener();
  else interactiveListeners.push(listener);
}

/** Calls `listener` once, when every part of the page is hydrated (or the page was rendered here). */
export function whenPageHydrated(listener: () => void) {
  if (settled) listener();
  else listeners.push(listener);
}

/** Suspends a static part's hydration until it is released (renders nothing, here as on the server). */
function WaitForRelease({ active }: { active: boolean }) {
  if (active) use(staticPartsReleased);
  return null;
}

/** Counts the part as hydrated once its content has committed. */
function PartHydrated({ part }: { part: Part }) {
  useEffect(() => {
    hydratedParts.add(part);
    waitingIslands.delete(part);
    if (waiting.delete(part)) settle();
  }, [part]);
  return null;
}

interface HydrationPartProps {
  deferred: boolean;
  /** shown while a lazy part loads in the browser (never during hydration: its chunk is preloaded) */
  fallback?: ReactNode;
  children: ReactNode;
}

function HydrationPart({ deferred, fallback = null, children }: HydrationPartProps) {
  // Decided once: rendered while the root hydrates (a part of the server's HTML) or by the browser.
  const [fromServer] = useState(() => !IS_SERVER && rendersServerHtml());
  const [part] = useState<Part>(() => ({}));
  useEffect(() => {
    if (!fromServer || hydratedParts.has(part)) return;
    waiting.add(part);
    if (!deferred) waitingIslands.add(part);
    return () => {
      waitingIslands.delete(part);
      if (waiting.delete(part)) settle();
    };
  }, [fromServer, part, deferred]);
  // The same children on the server and in the browser (useId counts positions): the waiting
  // element renders nothing either way.
  const content = (
    <Suspense fallback={fallback}>
      <WaitForRelease active={deferred && fromServer} />
      {children}
      <PartHydrated part={part} />
    </Suspense>
  );
  return deferred ? <InStaticPart.Provider value>{content}</InStaticPart.Provider> : content;
}

/**
 * A part a guest can touch: hydrated right after the page's root, or at once when clicked. A lazy
 * route's page is one too (src/app/router.tsx): React hydrates a Suspense boundary after the root's
 * commit, so without a part counted as waiting the page would be taken as hydrated before its
 * parts had even registered.
 */
export function Island({ fallback, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <HydrationPart deferred={false} fallback={fallback}>
      {children}
    </HydrationPart>
  );
}

/** A part a guest only reads: server HTML until the guest acts or its data changed. */
export function StaticPart({ children }: { children: ReactNode }) {
  return <HydrationPart deferred>{children}</HydrationPart>;
}
