export const catalogKeys = {
  all: ['admin', 'catalog'] as const,
  services: () => [...catalogKeys.all, 'services'] as const,
  amenities: () => [...catalogKeys.all, 'amenities'] as const,
};
