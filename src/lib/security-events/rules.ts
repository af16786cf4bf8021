// What the app reports on its own, per the spec's security monitor: API accesses worth noting and
// the request-frequency check. Pure functions; the queue sends what they return.

import type { SecurityEventType } from '@shared/constants';

export type ReportedEventType = SecurityEventType;

export interface ReportedEvent {
  event_type: ReportedEventType;
  description: string;
  metadata?: Record<string, unknown>;
}

export const LOGGER_PATH = '/functions/v1/security-logger';
const SENSITIVE_PATH = /admin|config|debug|test|\.env|secret/i;
export const FREQUENCY_WINDOW_MS = 60_000;
export const FREQUENCY_CHECK_EVERY_MS = 300_000;
export const FREQUENCY_LIMIT = 30;

/**
 * An api_access event for a response that is worth recording (status ≥ 400, a sensitive path, or a
 * DELETE / PATCH), else null. Calls to the logger itself are never reported.
 */
export function apiAccessEvent(method: string, url: string, status: number): ReportedEvent | null {
  let path: string;
  try {
    path = new URL(url, 'http://app.invalid').pathname;
  } catch {
    return null;
  }
  if (path.endsWith(LOGGER_PATH)) return null;
  const verb = method.toUpperCase();
  const worthNoting = status >= 400 || SENSITIVE_PATH.test(path) || verb === 'DELETE' || verb === 'PATCH';
  if (!worthNoting) return null;
  return {
    event_type: 'api_access',
    description: `${verb} ${path} returned ${status}`,
    metadata: { method: verb, path, status },
  };
}

/** Request times within the last minute, pruned; the frequency check reads its length. */
export function recentRequests(times: number[], now: number): number[] {
  return times.filter((time) => now - time < FREQUENCY_WINDOW_MS);
}

/** The suspicious_activity event of the frequency check when more than 30 requests were made in 60 s. */
export function frequencyEvent(requestsLastMinute: number): ReportedEvent | null {
  if (requestsLastMinute <= FREQUENCY_LIMIT) return null;
  return {
    event_type: 'suspicious_activity',
    description: `High request frequency: ${requestsLastMinute} requests in 60 seconds`,
    metadata: { check: 'request_frequency', requests_last_minute: requestsLastMinute },
  };
}
