import { describe, expect, it } from 'vitest';
import {
  deployAnswer,
  deployDeliveryLabel,
  deployStatusLabel,
  deployHookUrlProblem,
  httpsOnly,
  isLocalDevelopment,
  missingDeployHookUrl,
  testBuildText,
} from './deploy-hook';
import { deployHookFormSchema } from './schemas';

describe('deployHookUrlProblem', () => {
  it('accepts the build hooks of Netlify, Vercel and Cloudflare Pages', () => {
    for (const url of [
      'https://api.netlify.com/build_hooks/64f0c0ffee1234567890abcd',
      'https://api.vercel.com/v1/integrations/deploy/prj_abc/Xy12',
      'https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/1234-abcd',
    ]) {
      expect(deployHookUrlProblem(url, false)).toBeNull();
    }
  });

  it('says what is wrong: empty, not a URL, credentials, not https', () => {
    expect(deployHookUrlProblem('  ', false)).toBe(missingDeployHookUrl());
    expect(deployHookUrlProblem('netlify build hook', false)).toBe('The URL is not valid.');
    expect(deployHookUrlProblem('https://user:pw@api.netlify.com/build_hooks/1', false)).toBe(
      'URLs with credentials are refused.',
    );
    expect(deployHookUrlProblem('http://api.netlify.com/build_hooks/1', false)).toBe(httpsOnly());
    expect(deployHookUrlProblem('ftp://api.netlify.com/build_hooks/1', true)).toBe(httpsOnly());
    expect(deployHookUrlProblem(`https://example.com/${'a'.repeat(2000)}`, false)).toMatch(/at most 2000/);
  });

  it('allows plain http to loopback in local development only', () => {
    expect(deployHookUrlProblem('http://127.0.0.1:8787/build', true)).toBeNull();
    expect(deployHookUrlProblem('http://localhost:8787/build', true)).toBeNull();
    expect(deployHookUrlProblem('http://127.0.0.1:8787/build', false)).toBe(httpsOnly());
    expect(deployHookUrlProblem('http://127.0.0.1.example.com/build', true)).toBe(httpsOnly());
  });

  it('local development is an API on loopback', () => {
    expect(isLocalDevelopment('http://127.0.0.1:54321')).toBe(true);
    expect(isLocalDevelopment('https://abcd.supabase.co')).toBe(false);
  });

  it('the form schema reports the same message', () => {
    const result = deployHookFormSchema(false).safeParse({ url: 'http://example.com/hook' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(httpsOnly());
    expect(deployHookFormSchema(false).parse({ url: ' https://api.netlify.com/build_hooks/1 ' })).toEqual({
      url: 'https://api.netlify.com/build_hooks/1',
    });
  });
});

it('names the two kinds of delivery', () => {
  expect(deployDeliveryLabel('site.rebuild')).toBe('Rebuild');
  expect(deployDeliveryLabel('deploy_hook.test')).toBe('Test build');
});

describe('the delivery log', () => {
  const row = {
    status: 'pending' as const,
    attempt_count: 0,
    next_attempt_at: '2026-11-25T10:00:45Z',
    last_response_status: null,
    last_error: null,
  };
  it('a rebuild in its window is Waiting and says when it goes', () => {
    expect(deployStatusLabel(row)).toBe('Waiting');
    expect(deployAnswer(row)).toMatch(/^Goes at Nov 25, 2026 \d\d:00:45$/);
  });
  it('a tried one shows the HTTP answer and the error', () => {
    const failed = { ...row, attempt_count: 2, last_response_status: 500, last_error: null };
    expect(deployStatusLabel(failed)).toBe('Retrying');
    expect(deployAnswer(failed)).toBe('HTTP 500');
    const refused = {
      ...row,
      status: 'failed' as const,
      attempt_count: 1,
      last_error: 'The server answered with a redirect (302), which is not followed',
    };
    expect(deployStatusLabel(refused)).toBe('Failed');
    expect(deployAnswer(refused)).toMatch(/redirect/);
  });
  it('the test toast gives the status and the time, or why there was none', () => {
    expect(testBuildText({ status: 200, latency_ms: 84, error: null })).toBe('The host answered HTTP 200 in 84 ms.');
    expect(testBuildText({ status: null, latency_ms: 5, error: 'The request failed: refused' })).toBe(
      'The request failed: refused',
    );
  });
});
