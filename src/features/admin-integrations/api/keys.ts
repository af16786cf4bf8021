export const integrationKeys = {
  all: ['admin', 'integrations'] as const,
  feeds: () => [...integrationKeys.all, 'feeds'] as const,
  keyHints: () => [...integrationKeys.all, 'key-hints'] as const,
  runs: () => [...integrationKeys.all, 'runs'] as const,
  conflicts: () => [...integrationKeys.all, 'conflicts'] as const,
};
