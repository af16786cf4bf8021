import type { ReviewTab } from '../review-logic';

export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (tab: ReviewTab) => [...reviewKeys.lists(), tab] as const,
  counts: () => [...reviewKeys.all, 'counts'] as const,
};
