/** Query keys of the rooms feature. Admin code that changes rooms can invalidate `roomKeys.all`. */
export const roomKeys = {
  all: ['rooms'] as const,
  publicList: () => [...roomKeys.all, 'public-list'] as const,
  detail: (id: string) => [...roomKeys.all, 'detail', id] as const,
};
