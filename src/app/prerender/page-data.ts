/**
 * The data a prerendered page carries for the browser: the query cache it was rendered with and
 * the lazily loaded chunks it used. One `<script type="application/json">` element, written by the
 * prerender and read by `src/main.tsx` before hydrating.
 */
export const PAGE_DATA_ID = 'prerender-data';

export interface PrerenderData {
  /** React Query's dehydrated cache */
  queries: unknown;
  /** ids of the `lazyWithPreload` components rendered */
  lazies: string[];
}

/** The element's HTML, safe inside a page: no text can close the script element or open a comment. */
export function pageDataScript(data: PrerenderData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

export function readPrerenderData(document: Document): PrerenderData | null {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderData;
  } catch {
    return null;
  }
}
