import { resourceKeys } from '@/lib/query-keys';

/** Query keys of the public rooms, under the rooms root the admin invalidates after a write. */
export const roomKeys = {
  all: resourceKeys.rooms,
  publicList: () => [...roomKeys.all, 'public-list'] as const,
  detail: (id: string) => [...roomKeys.all, 'detail', id] as const,
};
