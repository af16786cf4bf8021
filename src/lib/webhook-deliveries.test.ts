import { describe, expect, it } from 'vitest';
import { attemptText, deliveryStatusLabel, deliveryTime } from './webhook-deliveries';

describe('deliveryTime', () => {
  it('shows a time to the second, and an unreadable value as it is', () => {
    expect(deliveryTime('2026-03-05T14:07:09')).toBe('Mar 05, 2026 14:07:09');
    expect(deliveryTime('not a date')).toBe('not a date');
  });
});

describe('deliveryStatusLabel', () => {
  it('names a pending delivery not tried yet with the given word, then Retrying', () => {
    expect(deliveryStatusLabel({ status: 'pending', attempt_count: 0 }, 'Queued')).toBe('Queued');
    expect(deliveryStatusLabel({ status: 'pending', attempt_count: 2 }, 'Queued')).toBe('Retrying');
    expect(deliveryStatusLabel({ status: 'delivered', attempt_count: 1 }, 'Waiting')).toBe('Delivered');
    expect(deliveryStatusLabel({ status: 'failed', attempt_count: 8 }, 'Waiting')).toBe('Failed');
  });
});

describe('attemptText', () => {
  it('gives the answer and its latency, or why there was none', () => {
    expect(attemptText({ status: 200, latency_ms: 42, error: null }, 'receiver')).toBe(
      'The receiver answered HTTP 200 in 42 ms.',
    );
    expect(attemptText({ status: null, latency_ms: 3, error: 'refused' }, 'host')).toBe('refused');
    expect(attemptText({ status: null, latency_ms: 3, error: null }, 'host')).toBe('No answer');
  });
});
