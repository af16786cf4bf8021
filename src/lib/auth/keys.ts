/** Query keys of the auth feature (profile and roles of the signed-in user). */
export const authKeys = {
  all: ['auth'] as const,
  profile: (userId: string) => [...authKeys.all, 'profile', userId] as const,
  roles: (userId: string) => [...authKeys.all, 'roles', userId] as const,
};
