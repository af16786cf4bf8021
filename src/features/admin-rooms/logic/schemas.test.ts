import { describe, expect, it } from 'vitest';
import { promoFormDefaults, promoFormSchema, roomFormDefaults, roomFormSchema } from './schemas';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('room form', () => {
  it('requires name and room number', () => {
    const result = roomFormSchema.safeParse(roomFormDefaults());
    expect(messages(result)).toEqual(['Room name is required', 'Room number is required']);
  });
  it('reads numbers, turning non-numeric text into 0', () => {
    const parsed = roomFormSchema.parse({
      ...roomFormDefaults(),
      name: 'Deluxe',
      room_number: '101',
      price_per_night: 'abc',
    });
    expect(parsed.price_per_night).toBe(0);
    expect(parsed.description).toBeNull();
    const bad = roomFormSchema.safeParse({
      ...roomFormDefaults(),
      name: 'D',
      room_number: '1',
      beds: 'x',
      price_per_night: '-1',
    });
    expect(messages(bad)).toEqual(['Price must be 0 or more', 'Beds must be at least 1']);
  });
});

describe('promo form', () => {
  it('defaults to 15% and active, and requires a code', () => {
    const defaults = promoFormDefaults();
    expect(defaults.discount_percentage).toBe('15');
    expect(defaults.is_active).toBe(true);
    expect(messages(promoFormSchema.safeParse(defaults))).toEqual(['Promo code is required']);
  });
  it('upper-cases the code and keeps optional fields empty as null', () => {
    const parsed = promoFormSchema.parse({ ...promoFormDefaults(), promo_code: ' summer25 ' });
    expect(parsed).toMatchObject({
      promo_code: 'SUMMER25',
      discount_percentage: 15,
      max_uses: null,
      valid_from: null,
      valid_until: null,
    });
  });
  it('checks the discount range, max uses and date order', () => {
    const base = { ...promoFormDefaults(), promo_code: 'X' };
    expect(messages(promoFormSchema.safeParse({ ...base, discount_percentage: '0' }))).toEqual([
      'Discount must be between 1 and 100',
    ]);
    expect(messages(promoFormSchema.safeParse({ ...base, discount_percentage: '101' }))).toEqual([
      'Discount must be between 1 and 100',
    ]);
    expect(messages(promoFormSchema.safeParse({ ...base, max_uses: '0' }))).toEqual(['Max uses must be at least 1']);
    expect(promoFormSchema.parse({ ...base, max_uses: '5' }).max_uses).toBe(5);
    expect(
      messages(promoFormSchema.safeParse({ ...base, valid_from: '2026-05-02', valid_until: '2026-05-01' })),
    ).toEqual(['Valid until must be on or after valid from']);
  });
});
