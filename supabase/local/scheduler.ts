// Scheduled work on the local platform: what pg_cron + pg_net do for a hosted project (see the
// migrations that schedule the same calls there). Each job POSTs to an edge function with the
// service-role key, at most one call per job in flight.
export interface ScheduledCall {
  name: string;
  everySeconds: number;
  /** the edge function to call, e.g. 'booking-integration' */
  functionName: string;
  body: Record<string, unknown>;
}

/** Every scheduled call of the project. Each feature that needs a timer adds its entry here. */
export const SCHEDULE: ScheduledCall[] = [
  // outgoing webhooks: sends due deliveries (hosted: migration 20261123200100_schedule_webhook_dispatch.sql)
  { name: 'webhooks dispatch', everySeconds: 5, functionName: 'webhooks', body: { action: 'dispatch' } },
  // booking e-mails: sends the outbox (hosted: migration 20261125100200_schedule_booking_emails.sql)
  { name: 'emails dispatch', everySeconds: 5, functionName: 'emails', body: { action: 'dispatch' } },
  // ends the request holds that ran out and writes arrival reminders (same migration)
  { name: 'booking timers', everySeconds: 60, functionName: 'emails', body: { action: 'timers' } },
  // channel calendars: import every feed (migration 20261123100100_channel_sync_schedule.sql for hosted)
  { name: 'channel-sync', everySeconds: 600, functionName: 'booking-integration', body: { action: 'sync_feeds' } },
  // refunds owed that could not be made at once (hosted: migration 20261127050200_schedule_refunds.sql)
  { name: 'payments refunds', everySeconds: 60, functionName: 'payments', body: { action: 'process_refunds' } },
  // erases addresses older than 90 days from the security tables (public.security_retention)
  { name: 'security-retention', everySeconds: 3600, functionName: 'security-logger', body: { action: 'retention' } },
];

export interface Scheduler {
  stop(): Promise<void>;
}

export function startScheduler(
  jobs: ScheduledCall[],
  options: { apiUrl: string; serviceRoleKey: string; log: (line: string) => void },
): Scheduler {
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let inFlight = false;
    const run = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const response = await fetch(`${options.apiUrl}/functions/v1/${job.functionName}`, {
          method: 'POST',
          headers: {
            apikey: options.serviceRoleKey,
            authorization: `Bearer ${options.serviceRoleKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(job.body),
          signal: AbortSignal.timeout(job.everySeconds * 1000 * 5),
        });
        const text = await response.text();
        if (!response.ok) options.log(`${job.name}: ${response.status} ${JSON.stringify(text.slice(0, 200))}`);
      } catch (error) {
        options.log(`${job.name}: ${(error as Error).message}`);
      } finally {
        inFlight = false;
      }
    };
    return setInterval(() => {
      const call = run();
      running.add(call);
      void call.finally(() => running.delete(call));
    }, job.everySeconds * 1000);
  });
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
