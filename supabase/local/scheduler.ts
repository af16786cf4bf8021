// Scheduled work: the one list of the project's jobs (SCHEDULE). The local platform runs it here;
// a hosted project runs the same jobs with pg_cron, scheduled by the migrations (latest:
// 20261127010100_scheduled_jobs_one_call.sql), and supabase/tests/platform/scheduled-jobs.test.ts
// checks that those schedule exactly this list: same names, intervals and calls.

/** What a job does: POST a JSON body to an edge function, or call a database function. */
export type JobCall =
  | {
      /** the edge function, e.g. 'booking-integration' (hosted: private.call_edge_function) */
      function: string;
      body: Record<string, unknown>;
      timeoutMs: number;
    }
  | {
      /** a function in public with no arguments that service_role may execute (hosted: `select public.<rpc>()`) */
      rpc: string;
    };

export interface ScheduledJob {
  /** the pg_cron job name */
  name: string;
  /** pg_cron's schedule: 'N seconds', or a cron line of the forms '* * * * *', '*\/N * * * *', 'M * * * *', 'M H * * *' */
  schedule: string;
  call: JobCall;
  /**
   * local only: also run once as the scheduler starts, for a daily job a developer's machine would
   * otherwise miss (its first interval is a day away); hosted pg_cron keeps the schedule alone
   */
  atStart?: boolean;
}

/** Every scheduled job of the project. A feature that needs a timer adds its entry here and in a migration. */
export const SCHEDULE: ScheduledJob[] = [
  // outgoing webhooks: sends due deliveries
  {
    name: 'webhooks-dispatch',
    schedule: '5 seconds',
    call: { function: 'webhooks', body: { action: 'dispatch' }, timeoutMs: 30_000 },
  },
  // booking e-mails: sends the outbox
  {
    name: 'emails-dispatch',
    schedule: '5 seconds',
    call: { function: 'emails', body: { action: 'dispatch' }, timeoutMs: 30_000 },
  },
  // ends the request holds that ran out and writes arrival reminders
  { name: 'booking-timers', schedule: '* * * * *', call: { rpc: 'run_booking_timers' } },
  // makes the refunds owed that could not be made at once (Stripe unreachable at the time)
  {
    name: 'payments-refunds',
    schedule: '* * * * *',
    call: { function: 'payments', body: { action: 'process_refunds' }, timeoutMs: 30_000 },
  },
  // channel calendars: imports every feed
  {
    name: 'channel-sync',
    schedule: '*/10 * * * *',
    call: { function: 'booking-integration', body: { action: 'sync_feeds' }, timeoutMs: 60_000 },
  },
  // erases addresses older than 90 days from the security tables
  {
    name: 'security-retention',
    schedule: '0 * * * *',
    call: { function: 'security-logger', body: { action: 'retention' }, timeoutMs: 30_000 },
  },
  // erases identity document numbers N days after departure (checkin_settings)
  { name: 'identity-erasure', schedule: '17 * * * *', call: { rpc: 'erase_expired_identity_documents' } },
  // sends the guests checked in and not yet reported to Alloggiati Web (its web service)
  {
    name: 'police-filing',
    schedule: '*/5 * * * *',
    call: { function: 'police-filing', body: { action: 'send' }, timeoutMs: 60_000 },
  },
  // stores yesterday's Alloggiati Web receipt and deletes those older than 5 years
  {
    name: 'police-receipts',
    schedule: '30 6 * * *',
    call: { function: 'police-filing', body: { action: 'receipts' }, timeoutMs: 60_000 },
    atStart: true,
  },
  // sends to Ross1000 the ISTAT days not yet accepted, in date order (yesterday once it is over;
  // a day the service could not take, after its back-off); alerts a month still unsent on the 3rd
  {
    name: 'istat-filing',
    schedule: '*/15 * * * *',
    call: { function: 'istat-filing', body: { action: 'send' }, timeoutMs: 60_000 },
    atStart: true,
  },
  // anonymises old stays' contact details and deletes old contact messages (privacy settings), daily
  { name: 'privacy-retention', schedule: '15 3 * * *', call: { rpc: 'run_privacy_retention' } },
  // reminds the city-tax declarations: the quarter's on GECOS (1st-16th after it), Modello 21, 30 June
  { name: 'city-tax-reminders', schedule: '0 7 * * *', call: { rpc: 'raise_city_tax_reminders' } },
];

/** The job's interval in seconds, from its pg_cron schedule (only the forms SCHEDULE uses). */
export function intervalSeconds(schedule: string): number {
  const seconds = /^(\d+) seconds?$/.exec(schedule);
  if (seconds) return Number(seconds[1]);
  if (schedule === '* * * * *') return 60;
  const minutes = /^\*\/(\d+) \* \* \* \*$/.exec(schedule);
  if (minutes) return Number(minutes[1]) * 60;
  if (/^\d+ \* \* \* \*$/.test(schedule)) return 3600;
  if (/^\d+ \d+ \* \* \*$/.test(schedule)) return 86_400;
  throw new Error(`The local scheduler does not read the schedule '${schedule}'`);
}

/** The SQL pg_cron runs for a job (what the migrations must schedule). */
export function jobCommand(call: JobCall): string {
  if ('rpc' in call) return `select public.${call.rpc}()`;
  const body = JSON.stringify(call.body).replaceAll("'", "''");
  return `select private.call_edge_function('${call.function}', '${body}', ${call.timeoutMs})`;
}

export interface Scheduler {
  stop(): Promise<void>;
}

export function startScheduler(
  jobs: ScheduledJob[],
  options: { apiUrl: string; serviceRoleKey: string; log: (line: string) => void },
): Scheduler {
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    const everySeconds = intervalSeconds(job.schedule);
    const { call } = job;
    const url =
      'rpc' in call ? `${options.apiUrl}/rest/v1/rpc/${call.rpc}` : `${options.apiUrl}/functions/v1/${call.function}`;
    const body = JSON.stringify('rpc' in call ? {} : call.body);
    const timeoutMs = 'rpc' in call ? everySeconds * 1000 : call.timeoutMs;
    let inFlight = false;
    const run = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            apikey: options.serviceRoleKey,
            authorization: `Bearer ${options.serviceRoleKey}`,
            'content-type': 'application/json',
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (!response.ok) options.log(`${job.name}: ${response.status} ${JSON.stringify(text.slice(0, 200))}`);
      } catch (error) {
        options.log(`${job.name}: ${(error as Error).message}`);
      } finally {
        inFlight = false;
      }
    };
    const tick = () => {
      const call = run();
      running.add(call);
      void call.finally(() => running.delete(call));
    };
    if (job.atStart) tick();
    return setInterval(tick, everySeconds * 1000);
  });
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
