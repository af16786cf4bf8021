/**
 * What components need to render the same on the server (the prerender, `src/entry-server.tsx`)
 * and in the browser's first render, which hydrates the server's HTML (see docs/prerendering.md).
 */
import {
  createContext,
  lazy,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
  type DependencyList,
  type EffectCallback,
} from 'react';

export const IS_SERVER = typeof window === 'undefined';

let hydrating = false;

/**
 * main.tsx: the first render is about to hydrate prerendered HTML, until every part of the page is
 * hydrated (`endHydration`, called by `src/lib/hydration.tsx`).
 */
export function beginHydration() {
  hydrating = true;
}
export function endHydration() {
  hydrating = false;
}

/**
 * True while the render must match the server's HTML: on the server, and in the browser while a
 * prerendered page hydrates (its root, then its parts). State initialisers read it to start as the
 * server did.
 */
export function rendersServerHtml(): boolean {
  return IS_SERVER || hydrating;
}

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true after (and from the start in a page the browser
 * renders itself). Whatever reads the browser (storage, the time, media queries, the session)
 * renders its browser-only part when this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Inside a `<StaticPart>` (src/lib/hydration.tsx): the part hydrates when the browser is idle, so
 * the lazy chunks it renders are not loaded before the page hydrates.
 */
export const InStaticPart = createContext(false);

/** The prerender's side of a render: head tags and the lazy chunks the page used. */
export interface ServerRender {
  /** runs an effect that edits `document.head` against the page's server-side document */
  runHeadEffect(effect: EffectCallback): void;
  /** ids of the `lazyWithPreload` components the page rendered outside static parts */
  lazies: Set<string>;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/**
 * `useEffect` for an effect that edits `document.head` (title, meta, link): in the browser it is a
 * plain effect; in the prerender it also runs during the render, against the page's server-side
 * document, so the written HTML file carries the same head.
 */
export function useHeadEffect(effect: EffectCallback, deps: DependencyList) {
  const server = useContext(ServerRenderContext);
  if (server) server.runHeadEffect(effect);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's dependency list
  useEffect(effect, deps);
}

type Module<P> = { default: ComponentType<P> };
const preloaders = new Map<string, Array<() => Promise<unknown>>>();

/**
 * `React.lazy` that can be loaded ahead: once its module is loaded, it renders without suspending.
 * `id` is the module's file name without extension (e.g. 'RoomPage' for src/app/routes/RoomPage.tsx):
 * the prerender preloads its chunk from the page's head (`<link rel="modulepreload">`, found in
 * Vite's manifest by that name).
 * The browser loads the chunks a prerendered page used before hydrating it, so no part a guest can
 * touch is left as server HTML, unresponsive, while its code loads; inside a `<StaticPart>` the
 * chunk loads when the part hydrates (after the page is interactive).
 */
export function lazyWithPreload<P extends object>(
  id: string,
  load: () => Promise<Module<P>>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: Module<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  preloaders.set(id, [...(preloaders.get(id) ?? []), preload]);
  // A thenable that resolves synchronously makes React.lazy render at once (no suspense).
  const Lazy = lazy(() =>
    loaded ? ({ then: (resolve: (value: Module<P>) => void) => resolve(loaded!) } as Promise<Module<P>>) : preload(),
  );
  function Tracked(props: P) {
    const server = useContext(ServerRenderContext);
    if (!useContext(InStaticPart)) server?.lazies.add(id);
    return <Lazy {...props} />;
  }
  return Object.assign(Tracked, { preload });
}

/** Loads the chunks of these `lazyWithPreload` ids (unknown ids are ignored). */
export function preloadLazies(ids: Iterable<string>): Promise<unknown> {
  return Promise.all([...ids].flatMap((id) => (preloaders.get(id) ?? []).map((preload) => preload())));
}

let serverOrigin = 'http://127.0.0.1:8080';

/** The prerender: the address the site will be served from, when VITE_SITE_URL is not set. */
export function setServerOrigin(origin: string) {
  serverOrigin = origin.replace(/\/$/, '');
}

/** The address the site is served from: VITE_SITE_URL when set (production), else this origin. */
export function siteOrigin(): string {
  const configured = import.meta.env.VITE_SITE_URL as string | undefined;
  if (configured) return configured.replace(/\/$/, '');
  return IS_SERVER ? serverOrigin : window.location.origin;
}
