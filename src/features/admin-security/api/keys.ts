import type { SecurityFilters } from '../security-logic';

export const securityKeys = {
  all: ['admin', 'security'] as const,
  logs: (filters: SecurityFilters) => [...securityKeys.all, 'logs', filters] as const,
  counts: (filters: SecurityFilters) => [...securityKeys.all, 'counts', filters] as const,
  alerts: () => [...securityKeys.all, 'alerts'] as const,
  audit: () => [...securityKeys.all, 'audit'] as const,
  authEvents: () => [...securityKeys.all, 'auth-events'] as const,
  highRiskSince: (since: string) => [...securityKeys.all, 'high-risk', since] as const,
};
