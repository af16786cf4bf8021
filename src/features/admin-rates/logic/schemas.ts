import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { isISODate } from '@/lib/dates';
import type { Season, SeasonRow } from './seasons';

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
// messages are functions, read when a value is checked, so they are in the portal's language then
const money = (message: () => string) =>
  z
    .string()
    .trim()
    .refine((v) => AMOUNT.test(v) && Number(v) > 0, { error: message });
const optionalMoney = (message: () => string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (AMOUNT.test(v) && Number(v) > 0), { error: message });
const nights = (message: () => string, optional: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => (optional && v === '') || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 30), {
      error: message,
    });

/** The season form: what staff type, with the messages shown under each field. */
export const seasonSchema = z
  .object({
    room_id: z.string().min(1, { error: () => t`Please choose a room.` }),
    name: z
      .string()
      .trim()
      .min(1, { error: () => t`Please name the season.` })
      .max(80, { error: () => t`At most 80 characters.` }),
    starts_on: z.string().refine(isISODate, { error: () => t`Please choose the first night.` }),
    ends_on: z.string().refine(isISODate, { error: () => t`Please choose the last night.` }),
    price_per_night: money(() => t`The nightly price must be a positive amount in euro.`),
    weekend_price: optionalMoney(() => t`The Friday/Saturday price must be empty or a positive amount in euro.`),
    min_nights: nights(() => t`Minimum nights must be a whole number from 1 to 30.`, false),
    weekend_min_nights: nights(
      () => t`Minimum nights for Friday/Saturday arrivals must be empty or a whole number from 1 to 30.`,
      true,
    ),
    closed_arrival_days: z.array(z.number().int().min(1).max(7)),
    closed_departure_days: z.array(z.number().int().min(1).max(7)),
  })
  .refine((v) => !isISODate(v.starts_on) || !isISODate(v.ends_on) || v.ends_on >= v.starts_on, {
    path: ['ends_on'],
    error: () => t`The last night cannot be before the first night.`,
  });

export type SeasonValues = z.input<typeof seasonSchema>;

export function emptySeason(roomId = ''): SeasonValues {
  return {
    room_id: roomId,
    name: '',
    starts_on: '',
    ends_on: '',
    price_per_night: '',
    weekend_price: '',
    min_nights: '1',
    weekend_min_nights: '',
    closed_arrival_days: [],
    closed_departure_days: [],
  };
}

export function seasonToValues(season: Season): SeasonValues {
  return {
    room_id: season.room_id,
    name: season.name,
    starts_on: season.starts_on,
    ends_on: season.ends_on,
    price_per_night: String(season.price_per_night),
    weekend_price: season.weekend_price == null ? '' : String(season.weekend_price),
    min_nights: String(season.min_nights),
    weekend_min_nights: season.weekend_min_nights == null ? '' : String(season.weekend_min_nights),
    closed_arrival_days: [...season.closed_arrival_days],
    closed_departure_days: [...season.closed_departure_days],
  };
}

export function valuesToRow(values: SeasonValues): SeasonRow {
  const v = seasonSchema.parse(values);
  return {
    room_id: v.room_id,
    name: v.name,
    starts_on: v.starts_on,
    ends_on: v.ends_on,
    price_per_night: Number(v.price_per_night),
    weekend_price: v.weekend_price ? Number(v.weekend_price) : null,
    min_nights: Number(v.min_nights),
    weekend_min_nights: v.weekend_min_nights ? Number(v.weekend_min_nights) : null,
    closed_arrival_days: [...v.closed_arrival_days].sort(),
    closed_departure_days: [...v.closed_departure_days].sort(),
  };
}
