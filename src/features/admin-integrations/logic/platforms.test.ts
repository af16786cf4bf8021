import { describe, expect, it } from 'vitest';
import { exportFeedUrl, importUrlSchema, maskedKey, platformName, syncSummary } from './platforms';

describe('channel platforms', () => {
  it('names the spec platforms and Airbnb', () => {
    expect(platformName('booking')).toBe('Booking.com');
    expect(platformName('hotels')).toBe('Hotels.com');
    expect(platformName('airbnb')).toBe('Airbnb');
  });

  it('accepts an empty or http(s) import URL and refuses anything else', () => {
    expect(importUrlSchema().safeParse('').success).toBe(true);
    expect(importUrlSchema().safeParse(' https://admin.booking.com/ical/abc.ics ').success).toBe(true);
    expect(importUrlSchema().safeParse('ftp://x/y.ics').error?.issues[0].message).toBe(
      'Enter a URL starting with https://',
    );
    expect(importUrlSchema().safeParse('https://a b').success).toBe(false);
  });

  it('builds the export URL from the API URL and the token', () => {
    expect(exportFeedUrl('http://127.0.0.1:54321/', 'abc')).toBe(
      'http://127.0.0.1:54321/functions/v1/channel-calendar/abc.ics',
    );
  });

  it('summarises a sync, its failures, and an empty sync', () => {
    const base = { feeds: 2, created: 3, updated: 1, cancelled: 0, conflicts: 1, unchanged: 4, failed: 0 };
    expect(syncSummary(base)).toBe('2 calendars: 3 created, 1 updated, 0 cancelled, 1 conflicts, 4 unchanged.');
    expect(syncSummary({ ...base, feeds: 1, failed: 1 })).toMatch(/^1 calendar: .*\. 1 failed\.$/);
    expect(syncSummary({ ...base, feeds: 0 })).toBe('No import calendar URLs to sync yet.');
  });

  it('masks a stored key down to its last 4 characters', () => {
    expect(maskedKey('9876')).toBe('••••••••9876');
    expect(maskedKey(undefined)).toBe('');
  });
});
