import { CityTaxScreen } from '@/features/admin-city-tax/components/CityTaxScreen';

/** /admin/city-tax: the city-tax register (GECOS figures, stays, the year, rates) and ISTAT's movement. */
export default function CityTaxPage() {
  return <CityTaxScreen />;
}
