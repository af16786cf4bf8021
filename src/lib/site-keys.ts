/** Query keys of the home page sections (site texts live in `@/lib/site-content`). */
export const siteKeys = {
  all: ['site'] as const,
  amenities: () => [...siteKeys.all, 'amenities'] as const,
  reviews: () => [...siteKeys.all, 'reviews'] as const,
  reviewSummary: () => [...siteKeys.all, 'review-summary'] as const,
};
