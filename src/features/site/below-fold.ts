/**
 * The home page sections under the rooms (amenities, booking, location, reviews, contact, footer)
 * are one chunk, fetched when the visitor scrolls towards or past them, follows a link to one of
 * them, or the browser is idle after the first paint. Their data is requested at once by the home
 * page; only their code waits.
 */
export const BELOW_FOLD_IDS = ['amenities', 'booking', 'location', 'reviews', 'contact', 'footer'] as const;
export const BELOW_FOLD_REQUEST_EVENT = 'cgh:below-fold-request';

/** Asks the home page to render the real sections now (e.g. a header link to #contact). */
export function requestBelowFold() {
  window.dispatchEvent(new Event(BELOW_FOLD_REQUEST_EVENT));
}

export function isBelowFold(id: string): boolean {
  return (BELOW_FOLD_IDS as readonly string[]).includes(id);
}
