import { RatesManager } from '@/features/admin-rates/components/RatesManager';

/** /admin/rates: each room's seasons in a list and on a 12-month price calendar, and the city tax. */
export default function RatesPage() {
  return <RatesManager />;
}
