import { describe, expect, it } from 'vitest';
import { moderationPatch, readReviewTab, reviewTab, tabFilter } from './reviews';

describe('moderation', () => {
  it('files a review under exactly one tab and filters the tabs the same way', () => {
    expect(reviewTab({ approved: false, hidden: false })).toBe('pending');
    expect(reviewTab({ approved: true, hidden: false })).toBe('approved');
    expect(reviewTab({ approved: false, hidden: true })).toBe('hidden');
    expect(tabFilter('pending')).toEqual({ approved: false, hidden: false });
    expect(tabFilter('approved')).toEqual({ approved: true });
    expect(tabFilter('hidden')).toEqual({ hidden: true });
  });

  it('approving un-hides and hiding un-approves', () => {
    expect(moderationPatch('approve')).toEqual({ approved: true, hidden: false });
    expect(moderationPatch('hide')).toEqual({ approved: false, hidden: true });
    expect(moderationPatch('pending')).toEqual({ approved: false, hidden: false });
  });

  it('reads the tab from the address, Pending by default', () => {
    expect(readReviewTab('hidden')).toBe('hidden');
    expect(readReviewTab(null)).toBe('pending');
    expect(readReviewTab('deleted')).toBe('pending');
  });
});
