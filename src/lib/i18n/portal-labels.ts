import { t } from '@lingui/core/macro';

/** A room type as the portal names it, in the portal's language (Rooms, the booking cards). */
export function roomTypeLabel(type: string): string {
  const labels: Record<string, string> = {
    single: t`Single`,
    twin: t`Twin`,
    deluxe: t`Deluxe`,
    suite: t`Suite`,
    classic: t`Classic`,
    elegant: t`Elegant`,
    romantic: t`Romantic`,
    presidential: t`Presidential`,
  };
  return labels[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}
