import { t } from '@lingui/core/macro';
import { useDeleteRow, useSaveRow, useToggleRow } from '@/lib/row-mutations';
import { roomQueries } from './queries';

// A promo code changed: the rooms root holds the room's codes, the admin list's promo-code count
// and the public rooms list that carries the active codes (badges, hero promo, booking forms).

export const useSavePromoCode = () => useSaveRow('room_promo_codes', roomQueries.all());

export const useTogglePromoCode = () =>
  useToggleRow('room_promo_codes', 'is_active', roomQueries.all(), t`Failed to update promo code status`);

export const useDeletePromoCode = () =>
  useDeleteRow('room_promo_codes', roomQueries.all(), t`Failed to delete promo code`);
