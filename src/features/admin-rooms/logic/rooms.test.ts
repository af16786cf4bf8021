import { describe, expect, it } from 'vitest';
import { moveImage, nextDisplayOrder, statusToggleLabel, toggledRoomStatus, visibleAmenities } from './rooms';

describe('room status toggle', () => {
  it('switches available to occupied and anything else to available', () => {
    expect(toggledRoomStatus('available')).toBe('occupied');
    expect(toggledRoomStatus('occupied')).toBe('available');
    expect(toggledRoomStatus('maintenance')).toBe('available');
    expect(toggledRoomStatus('out_of_order')).toBe('available');
  });
  it('labels the button', () => {
    expect(statusToggleLabel('available')).toBe('Mark Occupied');
    expect(statusToggleLabel('maintenance')).toBe('Mark Available');
  });
});

describe('visibleAmenities', () => {
  it('shows 3 then counts the rest', () => {
    expect(visibleAmenities(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(visibleAmenities(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('gallery order', () => {
  const images = [
    { id: 'a', display_order: 0 },
    { id: 'b', display_order: 1 },
    { id: 'c', display_order: 2 },
  ];
  it('next order is max + 1 or 0', () => {
    expect(nextDisplayOrder([])).toBe(0);
    expect(nextDisplayOrder([{ display_order: 4 }, { display_order: 2 }])).toBe(5);
  });
  it('swaps neighbours', () => {
    expect(moveImage(images, 2, -1)).toEqual([
      { id: 'c', display_order: 1 },
      { id: 'b', display_order: 2 },
    ]);
    expect(moveImage(images, 0, 1)).toEqual([
      { id: 'b', display_order: 0 },
      { id: 'a', display_order: 1 },
    ]);
  });
  it('refuses moves past the ends', () => {
    expect(moveImage(images, 0, -1)).toEqual([]);
    expect(moveImage(images, 2, 1)).toEqual([]);
  });
  it('renumbers gaps and duplicates so the swap is visible', () => {
    const messy = [
      { id: 'a', display_order: 3 },
      { id: 'b', display_order: 3 },
      { id: 'c', display_order: 9 },
    ];
    expect(moveImage(messy, 1, -1)).toEqual([
      { id: 'b', display_order: 0 },
      { id: 'a', display_order: 1 },
      { id: 'c', display_order: 2 },
    ]);
  });
});
