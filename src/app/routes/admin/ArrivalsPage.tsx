import { ArrivalsScreen } from '@/features/admin-arrivals/components/ArrivalsScreen';

/** /admin/arrivals: the check-in desk and the police report. */
export default function ArrivalsPage() {
  return <ArrivalsScreen />;
}
