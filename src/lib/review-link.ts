/** The guest's review form for a stay: /review/<token> (the link of the review e-mail). */
export const REVIEW_ROUTE = '/review/:token';

export function reviewPath(token: string): string {
  return `/review/${encodeURIComponent(token)}`;
}
