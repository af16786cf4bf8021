import { z } from 'zod';
import { numberField, optionalNumberField, optionalText } from '@/lib/form-fields';
import { translationsDraft, translationsSchema } from '@/lib/translations-form';
import { ROOM_STATUSES, ROOM_TYPES, type PromoCode, type Room } from '../types';

const atLeastOne = (field: string) =>
  z.number().int(`${field} must be a whole number`).min(1, `${field} must be at least 1`);

/** The room texts that exist per language (the amenity list, bed layout and view too). */
export const ROOM_FORM_TRANSLATED_FIELDS = ['name', 'description', 'bed_layout', 'view', 'amenities'] as const;

/** A one-line text up to 100 characters, '' saved as null. */
const optionalLine = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .transform((value) => value || null);

export const roomFormSchema = z.object({
  name: z.string().trim().min(1, 'Room name is required').max(100, 'Room name must be at most 100 characters'),
  room_number: z.string().trim().min(1, 'Room number is required').max(20, 'Room number must be at most 20 characters'),
  room_type: z.enum(ROOM_TYPES),
  status: z.enum(ROOM_STATUSES),
  description: optionalText,
  price_per_night: numberField(z.number().min(0, 'Price must be 0 or more')),
  size_m2: numberField(
    z
      .number()
      .int('Size must be a whole number')
      .min(5, 'Size must be at least 5 m²')
      .max(500, 'Size must be at most 500 m²'),
  ),
  bed_layout: optionalLine('Bed layout'),
  view: optionalLine('View'),
  max_guests: numberField(atLeastOne('Max guests').max(8, 'Max guests must be at most 8')),
  beds: numberField(atLeastOne('Beds')),
  bathrooms: numberField(atLeastOne('Bathrooms')),
  amenities: z.array(z.string()),
  translations: translationsSchema(ROOM_FORM_TRANSLATED_FIELDS),
});

export type RoomFormInput = z.input<typeof roomFormSchema>;
export type RoomFormOutput = z.output<typeof roomFormSchema>;

export function roomFormDefaults(room?: Room | null): RoomFormInput {
  return {
    name: room?.name ?? '',
    room_number: room?.room_number ?? '',
    room_type: room?.room_type ?? 'deluxe',
    status: room?.status ?? 'available',
    description: room?.description ?? '',
    price_per_night: String(room?.price_per_night ?? 0),
    size_m2: String(room?.size_m2 ?? 25),
    bed_layout: room?.bed_layout ?? '',
    view: room?.view ?? '',
    max_guests: String(room?.max_guests ?? 2),
    beds: String(room?.beds ?? 1),
    bathrooms: String(room?.bathrooms ?? 1),
    amenities: room?.amenities ?? [],
    translations: translationsDraft(room?.translations, ROOM_FORM_TRANSLATED_FIELDS),
  };
}

export const promoFormSchema = z
  .object({
    promo_code: z
      .string()
      .trim()
      .min(1, 'Promo code is required')
      .max(50, 'Promo code must be at most 50 characters')
      .transform((code) => code.toUpperCase()),
    discount_percentage: numberField(
      z
        .number()
        .int('Discount must be a whole number')
        .min(1, 'Discount must be between 1 and 100')
        .max(100, 'Discount must be between 1 and 100'),
    ),
    valid_from: optionalText,
    valid_until: optionalText,
    max_uses: optionalNumberField(
      z.number().int('Max uses must be a whole number').min(1, 'Max uses must be at least 1'),
    ),
    description: optionalText,
    is_active: z.boolean(),
  })
  .refine((values) => !values.valid_from || !values.valid_until || values.valid_until >= values.valid_from, {
    path: ['valid_until'],
    message: 'Valid until must be on or after valid from',
  });

export type PromoFormInput = z.input<typeof promoFormSchema>;
export type PromoFormOutput = z.output<typeof promoFormSchema>;

export function promoFormDefaults(code?: PromoCode | null): PromoFormInput {
  return {
    promo_code: code?.promo_code ?? '',
    discount_percentage: String(code?.discount_percentage ?? 15),
    valid_from: code?.valid_from ?? '',
    valid_until: code?.valid_until ?? '',
    max_uses: code?.max_uses == null ? '' : String(code.max_uses),
    description: code?.description ?? '',
    is_active: code?.is_active ?? true,
  };
}
