import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { isISODate } from '@/lib/dates';

export const manualBlockSchema = z
  .object({
    room_id: z.string().uuid({ error: () => t`Please choose a room.` }),
    check_in_date: z.string().refine(isISODate, { error: () => t`Please choose a start date.` }),
    check_out_date: z.string().refine(isISODate, { error: () => t`Please choose an end date.` }),
    reason: z.enum(['maintenance', 'owner_stay', 'other']),
    note: z
      .string()
      .trim()
      .max(200, { error: () => t`At most 200 characters.` }),
  })
  .refine((value) => value.check_out_date > value.check_in_date, {
    path: ['check_out_date'],
    error: () => t`The end date must be after the start date.`,
  });
export type ManualBlockValues = z.infer<typeof manualBlockSchema>;
