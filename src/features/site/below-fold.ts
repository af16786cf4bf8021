/**
 * The home page sections under the rooms (amenities, booking, location, reviews, contact, footer)
 * are one chunk, fetched when the visitor scrolls towards them or follows a link to one of them.
 * Their data is requested at once by the home page; only their code waits.
 */
export const BELOW_FOLD_IDS = ['amenities', 'booking', 'location', 'reviews', 'contact', 'footer'] as const;
export const BELOW_FOLD_REQUEST_EVENT = 'cgh:below-fold-request';

let pending: Promise<typeof import('./components/BelowFold')> | null = null;

export function loadBelowFold() {
  pending ??= import('./components/BelowFold');
  return pending;
}

/** Asks the home page to render the real sections now (e.g. a header link to #contact). */
export function requestBelowFold() {
  void loadBelowFold();
  window.dispatchEvent(new Event(BELOW_FOLD_REQUEST_EVENT));
}

export function isBelowFold(id: string): boolean {
  return (BELOW_FOLD_IDS as readonly string[]).includes(id);
}
