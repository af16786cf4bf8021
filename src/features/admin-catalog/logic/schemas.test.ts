import { describe, expect, it } from 'vitest';
import { amenityFormDefaults, amenityFormSchema, serviceFormDefaults, serviceFormSchema } from './schemas';

describe('service form', () => {
  it('defaults to general, 60 minutes, price 0, available', () => {
    expect(serviceFormDefaults()).toMatchObject({
      category: 'general',
      duration_minutes: '60',
      price: '0',
      available: true,
    });
  });
  it('requires a name', () => {
    const result = serviceFormSchema.safeParse(serviceFormDefaults());
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Service name is required']);
  });
  it('turns non-numeric price and duration into 0', () => {
    const parsed = serviceFormSchema.parse({
      ...serviceFormDefaults(),
      name: 'Airport transfer',
      price: 'free',
      duration_minutes: '',
    });
    expect(parsed.price).toBe(0);
    expect(parsed.duration_minutes).toBe(0);
    expect(parsed.description).toBeNull();
  });
  it('refuses a negative price', () => {
    const result = serviceFormSchema.safeParse({ ...serviceFormDefaults(), name: 'X', price: '-3' });
    expect(result.error?.issues[0].message).toBe('Price must be 0 or more');
  });
});

describe('amenity form', () => {
  it('defaults to general, Home icon, active, order 0', () => {
    expect(amenityFormDefaults()).toMatchObject({
      category: 'general',
      icon_name: 'Home',
      is_active: true,
      display_order: '0',
    });
  });
  it('turns a non-numeric display order into 0 and does not enforce 0-999', () => {
    expect(amenityFormSchema.parse({ ...amenityFormDefaults(), name: 'Pool', display_order: 'x' }).display_order).toBe(
      0,
    );
    expect(
      amenityFormSchema.parse({ ...amenityFormDefaults(), name: 'Pool', display_order: '1500' }).display_order,
    ).toBe(1500);
  });
  it('requires a name', () => {
    expect(amenityFormSchema.safeParse(amenityFormDefaults()).error?.issues[0].message).toBe(
      'Amenity name is required',
    );
  });
});
