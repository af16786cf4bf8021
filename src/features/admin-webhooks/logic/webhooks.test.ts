import { answerSummary, deliveryStatusLabel, eventLabel, testResultText } from './webhooks';
import { endpointFormDefaults, endpointFormSchema } from './schemas';

describe('endpointFormSchema', () => {
  const valid = endpointFormDefaults();

  it('asks for the URL with the spec text when it is empty', () => {
    const result = endpointFormSchema().safeParse({ ...valid, url: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Please enter your Zapier webhook URL');
  });

  it('wants a full http(s) URL and at least one event', () => {
    expect(endpointFormSchema().safeParse({ ...valid, url: 'hooks.zapier.com/x' }).success).toBe(false);
    expect(
      endpointFormSchema().safeParse({ ...valid, url: 'https://hooks.zapier.com/x', event_types: [] }).success,
    ).toBe(false);
    const ok = endpointFormSchema().parse({ ...valid, url: '  https://hooks.zapier.com/hooks/catch/1/abc  ' });
    expect(ok.url).toBe('https://hooks.zapier.com/hooks/catch/1/abc');
  });

  it('refuses unknown events', () => {
    expect(endpointFormSchema().safeParse({ ...valid, url: 'https://a.example', event_types: ['x.y'] }).success).toBe(
      false,
    );
  });
});

describe('delivery log texts', () => {
  it('summarises the receiver answer or the reason there was none', () => {
    expect(answerSummary({ last_response_status: 503, last_error: null })).toBe('HTTP 503');
    expect(answerSummary({ last_response_status: null, last_error: 'No complete answer within 15 s' })).toBe(
      'No complete answer within 15 s',
    );
    expect(answerSummary({ last_response_status: null, last_error: null })).toBe('Not sent yet');
  });

  it('names the delivery state', () => {
    expect(deliveryStatusLabel({ status: 'pending', attempt_count: 0 })).toBe('Queued');
    expect(deliveryStatusLabel({ status: 'pending', attempt_count: 2 })).toBe('Retrying');
    expect(deliveryStatusLabel({ status: 'delivered', attempt_count: 1 })).toBe('Delivered');
    expect(deliveryStatusLabel({ status: 'failed', attempt_count: 8 })).toBe('Failed');
  });

  it('labels events and test results', () => {
    expect(eventLabel('booking.cancelled')).toBe('Booking cancelled');
    expect(eventLabel('webhook.test')).toBe('Test');
    expect(testResultText({ status: 200, latency_ms: 42, error: null })).toBe(
      'The receiver answered HTTP 200 in 42 ms.',
    );
    expect(testResultText({ status: null, latency_ms: 3, error: 'refused' })).toBe('refused');
  });
});
