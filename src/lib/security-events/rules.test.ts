import { apiAccessEvent, frequencyEvent, recentRequests } from './rules';

describe('security event rules', () => {
  const api = 'http://127.0.0.1:54321';

  it('reports failed responses, sensitive paths and DELETE / PATCH', () => {
    expect(apiAccessEvent('GET', `${api}/rest/v1/rooms?select=*`, 200)).toBeNull();
    expect(apiAccessEvent('GET', `${api}/rest/v1/rooms`, 404)).toMatchObject({
      event_type: 'api_access',
      metadata: { method: 'GET', path: '/rest/v1/rooms', status: 404 },
    });
    expect(apiAccessEvent('POST', `${api}/rest/v1/rpc/admin_dashboard_stats`, 200)).not.toBeNull();
    expect(apiAccessEvent('GET', `${api}/.env`, 200)).not.toBeNull();
    expect(apiAccessEvent('delete', `${api}/rest/v1/rooms?id=eq.1`, 204)?.metadata).toMatchObject({ method: 'DELETE' });
    expect(apiAccessEvent('PATCH', `${api}/rest/v1/bookings`, 200)).not.toBeNull();
    expect(apiAccessEvent('GET', `${api}/rest/v1/rooms?note=secret`, 200)).toBeNull();
  });

  it('never reports calls to the logger itself', () => {
    expect(apiAccessEvent('POST', `${api}/functions/v1/security-logger`, 500)).toBeNull();
  });

  it('keeps the last minute of requests and flags more than 30', () => {
    const now = 1_000_000;
    expect(recentRequests([now - 61_000, now - 59_000, now], now)).toEqual([now - 59_000, now]);
    expect(frequencyEvent(30)).toBeNull();
    expect(frequencyEvent(31)).toEqual({
      event_type: 'suspicious_activity',
      description: 'High request frequency: 31 requests in 60 seconds',
      metadata: { check: 'request_frequency', requests_last_minute: 31 },
    });
  });
});
