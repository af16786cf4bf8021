/**
 * Clicks made on a prerendered page before React is attached. The page paints long before its
 * scripts have loaded; a button pressed in that time has no handler yet. A small inline script in
 * the page's head (written by the prerender, scripts/prerender/prerender-pages.ts) keeps those
 * clicks, and the entry replays them as soon as the root is hydrating, so React hydrates the part
 * clicked at once and runs its handler: the guest's first click is never lost. Links need nothing:
 * without React they still go where they point.
 */
const GLOBAL = '__earlyClicks';

interface EarlyClicks {
  clicks: Element[];
  stop: () => void;
}

/** The inline script's source (a classic script: it runs before the page's HTML is parsed further). */
export const EARLY_CLICKS_SCRIPT =
  `(()=>{const c=[];const h=(e)=>{const b=e.target instanceof Element&&e.target.closest("#root button");` +
  `if(!b)return;e.preventDefault();e.stopImmediatePropagation();c.push(b)};addEventListener("click",h,true);` +
  `window.${GLOBAL}={clicks:c,stop(){removeEventListener("click",h,true)}}})()`;

/** src/main.tsx, right after `hydrateRoot`: stop keeping clicks and replay those kept. */
export function replayEarlyClicks() {
  const early = Reflect.get(window, GLOBAL) as EarlyClicks | undefined;
  if (!early) return;
  early.stop();
  Reflect.deleteProperty(window, GLOBAL);
  for (const button of early.clicks) {
    if (button.isConnected && button instanceof HTMLElement) button.click();
  }
}
