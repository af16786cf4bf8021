import { plural } from '@lingui/core/macro';

// Prices are the server's: quote_stay prices a stay night by night and request_booking stores
// that same pricing (see quote.ts). What is left here is wording.

/** "2 nights", "1 night" in the active language (evaluated when called). */
export function nightsLabel(nights: number): string {
  return plural(nights, { one: '# night', other: '# nights' });
}

/** "2 guests", "1 guest" in the active language (evaluated when called). */
export function guestsLabel(guests: number): string {
  return plural(guests, { one: '# guest', other: '# guests' });
}
