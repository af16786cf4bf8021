// Prices are the server's: quote_stay prices a stay night by night and request_booking stores
// that same pricing (see quote.ts). What is left here is wording.

/** "2 nights", "1 night". */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}
