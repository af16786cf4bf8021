import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../env';
import { LOGGER_PATH, type ReportedEvent } from './rules';

const DEBOUNCE_MS = 2_000;
const BATCH_SIZE = 20;
const MAX_QUEUED = 100;

let queue: ReportedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/**
 * Where the signed-in user's token comes from: the supabase client hands it over when it loads
 * (`@/lib/supabase`). Every event is reported through that client's fetch or after a sign-in with
 * it, so it has loaded by then; without it there is no session to read.
 */
let sessionToken: () => Promise<string | undefined> = async () => undefined;
export function setSessionTokenSource(source: () => Promise<string | undefined>): void {
  sessionToken = source;
}

/** The signed-in user's token when there is a session, else the anon key (the server decides who it is). */
async function bearerToken(): Promise<string> {
  try {
    return (await sessionToken()) ?? SUPABASE_ANON_KEY;
  } catch {
    return SUPABASE_ANON_KEY;
  }
}

/** Sends what is queued, 20 events per call; failures are only logged, as the spec says. */
export async function flushSecurityEvents(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const pending = queue;
  queue = [];
  const token = await bearerToken();
  for (let start = 0; start < pending.length; start += BATCH_SIZE) {
    try {
      // the plain fetch, not supabase-js's monitored one, so these calls never report themselves
      await fetch(`${SUPABASE_URL}${LOGGER_PATH}`, {
        method: 'POST',
        keepalive: true,
        headers: { apikey: SUPABASE_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: pending.slice(start, start + BATCH_SIZE) }),
      });
    } catch (error) {
      console.warn('Security event logging failed', error);
    }
  }
}

/** Queues an event; the queue is sent 2 s after the last one, or when the page is hidden. */
export function reportSecurityEvent(event: ReportedEvent): void {
  if (queue.length >= MAX_QUEUED) return;
  queue.push(event);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', () => void flushSecurityEvents());
  }
  clearTimeout(timer);
  timer = setTimeout(() => void flushSecurityEvents(), DEBOUNCE_MS);
}
