import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { numberField, optionalText } from '@/lib/form-fields';
import { translationsDraft, translationsSchema } from '@/lib/translations-form';
import { Constants } from '@/types/database';
import {
  AMENITY_CATEGORIES,
  isAmenityCategory,
  isServiceCategory,
  SERVICE_CATEGORIES,
  type Amenity,
  type Service,
} from '../types';

/** The texts of amenities and services that exist per language. */
export const CATALOG_TRANSLATED_FIELDS = ['name', 'description'] as const;

// messages are functions, read when a value is checked, so they are in the portal's language then
export const serviceFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t`Service name is required` })
    .max(100, { error: () => t`Service name must be at most 100 characters` }),
  category: z.enum(SERVICE_CATEGORIES),
  description: optionalText,
  price: numberField(z.number().min(0, { error: () => t`Price must be 0 or more` })),
  duration_minutes: numberField(
    z
      .number()
      .int({ error: () => t`Duration must be a whole number of minutes` })
      .min(0, { error: () => t`Duration must be 0 or more` }),
  ),
  pricing_unit: z.enum(Constants.public.Enums.service_pricing_unit),
  available: z.boolean(),
  translations: translationsSchema(CATALOG_TRANSLATED_FIELDS),
});

export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceFormOutput = z.output<typeof serviceFormSchema>;

export function serviceFormDefaults(service?: Service | null): ServiceFormInput {
  return {
    name: service?.name ?? '',
    category: isServiceCategory(service?.category) ? service.category : 'general',
    description: service?.description ?? '',
    price: String(service?.price ?? 0),
    duration_minutes: String(service?.duration_minutes ?? 60),
    pricing_unit: service?.pricing_unit ?? 'per_stay',
    available: service?.available ?? true,
    translations: translationsDraft(service?.translations, CATALOG_TRANSLATED_FIELDS),
  };
}

export const amenityFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t`Amenity name is required` })
    .max(100, { error: () => t`Amenity name must be at most 100 characters` }),
  description: optionalText,
  icon_name: z.string().min(1),
  category: z.enum(AMENITY_CATEGORIES),
  // placeholder 0-999; the range is not enforced (spec), only whole numbers
  display_order: numberField(z.number().transform((value) => Math.trunc(value))),
  is_active: z.boolean(),
  translations: translationsSchema(CATALOG_TRANSLATED_FIELDS),
});

export type AmenityFormInput = z.input<typeof amenityFormSchema>;
export type AmenityFormOutput = z.output<typeof amenityFormSchema>;

export function amenityFormDefaults(amenity?: Amenity | null): AmenityFormInput {
  return {
    name: amenity?.name ?? '',
    description: amenity?.description ?? '',
    icon_name: amenity?.icon_name ?? 'Home',
    category: isAmenityCategory(amenity?.category) ? amenity.category : 'general',
    display_order: String(amenity?.display_order ?? 0),
    is_active: amenity?.is_active ?? true,
    translations: translationsDraft(amenity?.translations, CATALOG_TRANSLATED_FIELDS),
  };
}
