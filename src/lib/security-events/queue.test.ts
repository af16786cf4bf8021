import { flushSecurityEvents, reportSecurityEvent, setSessionTokenSource } from './queue';

// as the supabase client does when it loads
setSessionTokenSource(async () => 'user-token');

describe('security event queue', () => {
  const sent: { url: string; body: { events: unknown[] }; auth: string }[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({
          url,
          body: JSON.parse(String(init.body)),
          auth: (init.headers as Record<string, string>).authorization,
        });
        return new Response('{}');
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends events in one batch two seconds after the last one, with the session token', async () => {
    for (let i = 0; i < 3; i++) reportSecurityEvent({ event_type: 'failed_login', description: `try ${i}` });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/\/functions\/v1\/security-logger$/);
    expect(sent[0].body.events).toHaveLength(3);
    expect(sent[0].auth).toBe('Bearer user-token');
  });

  it('splits large queues into calls of 20 events', async () => {
    for (let i = 0; i < 45; i++) reportSecurityEvent({ event_type: 'api_access', description: `call ${i}` });
    await flushSecurityEvents();
    expect(sent.map((call) => call.body.events.length)).toEqual([20, 20, 5]);
  });
});
