export const designerKeys = {
  all: ['admin', 'design'] as const,
  draft: () => [...designerKeys.all, 'draft'] as const,
  versions: () => [...designerKeys.all, 'versions'] as const,
  favorites: () => [...designerKeys.all, 'favorites'] as const,
};
