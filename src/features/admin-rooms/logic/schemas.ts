import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { numberField, optionalNumberField, optionalText } from '@/lib/form-fields';
import { translationsDraft, translationsSchema } from '@/lib/translations-form';
import { ROOM_STATUSES, ROOM_TYPES, type PromoCode, type Room } from '../types';

/**
 * The validation messages, in the portal's language: zod calls each when its check fails, so the
 * text is translated then (the schemas are built once, before any language is active).
 */
const says = {
  nameRequired: () => t`Room name is required`,
  nameTooLong: () => t`Room name must be at most 100 characters`,
  numberRequired: () => t`Room number is required`,
  numberTooLong: () => t`Room number must be at most 20 characters`,
  priceNegative: () => t`Price must be 0 or more`,
  sizeWhole: () => t`Size must be a whole number`,
  sizeTooSmall: () => t`Size must be at least 5 m²`,
  sizeTooLarge: () => t`Size must be at most 500 m²`,
  bedLayoutTooLong: () => t`Bed layout must be at most 100 characters`,
  viewTooLong: () => t`View must be at most 100 characters`,
  guestsWhole: () => t`Max guests must be a whole number`,
  guestsAtLeastOne: () => t`Max guests must be at least 1`,
  guestsTooMany: () => t`Max guests must be at most 8`,
  bedsWhole: () => t`Beds must be a whole number`,
  bedsAtLeastOne: () => t`Beds must be at least 1`,
  bathroomsWhole: () => t`Bathrooms must be a whole number`,
  bathroomsAtLeastOne: () => t`Bathrooms must be at least 1`,
  codeRequired: () => t`Promo code is required`,
  codeTooLong: () => t`Promo code must be at most 50 characters`,
  discountWhole: () => t`Discount must be a whole number`,
  discountRange: () => t`Discount must be between 1 and 100`,
  usesWhole: () => t`Max uses must be a whole number`,
  usesAtLeastOne: () => t`Max uses must be at least 1`,
  validityOrder: () => t`Valid until must be on or after valid from`,
};

const atLeastOne = (whole: () => string, atLeast: () => string) =>
  z.number().int({ error: whole }).min(1, { error: atLeast });

/** The room texts that exist per language (the amenity list, bed layout and view too). */
export const ROOM_FORM_TRANSLATED_FIELDS = ['name', 'description', 'bed_layout', 'view', 'amenities'] as const;

/** A one-line text up to 100 characters, '' saved as null. */
const optionalLine = (tooLong: () => string) =>
  z
    .string()
    .trim()
    .max(100, { error: tooLong })
    .transform((value) => value || null);

export const roomFormSchema = z.object({
  name: z.string().trim().min(1, { error: says.nameRequired }).max(100, { error: says.nameTooLong }),
  room_number: z.string().trim().min(1, { error: says.numberRequired }).max(20, { error: says.numberTooLong }),
  room_type: z.enum(ROOM_TYPES),
  status: z.enum(ROOM_STATUSES),
  description: optionalText,
  price_per_night: numberField(z.number().min(0, { error: says.priceNegative })),
  size_m2: numberField(
    z
      .number()
      .int({ error: says.sizeWhole })
      .min(5, { error: says.sizeTooSmall })
      .max(500, { error: says.sizeTooLarge }),
  ),
  bed_layout: optionalLine(says.bedLayoutTooLong),
  view: optionalLine(says.viewTooLong),
  max_guests: numberField(atLeastOne(says.guestsWhole, says.guestsAtLeastOne).max(8, { error: says.guestsTooMany })),
  beds: numberField(atLeastOne(says.bedsWhole, says.bedsAtLeastOne)),
  bathrooms: numberField(atLeastOne(says.bathroomsWhole, says.bathroomsAtLeastOne)),
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
      .min(1, { error: says.codeRequired })
      .max(50, { error: says.codeTooLong })
      .transform((code) => code.toUpperCase()),
    discount_percentage: numberField(
      z
        .number()
        .int({ error: says.discountWhole })
        .min(1, { error: says.discountRange })
        .max(100, { error: says.discountRange }),
    ),
    valid_from: optionalText,
    valid_until: optionalText,
    max_uses: optionalNumberField(z.number().int({ error: says.usesWhole }).min(1, { error: says.usesAtLeastOne })),
    description: optionalText,
    is_active: z.boolean(),
  })
  .refine((values) => !values.valid_from || !values.valid_until || values.valid_until >= values.valid_from, {
    path: ['valid_until'],
    error: says.validityOrder,
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
