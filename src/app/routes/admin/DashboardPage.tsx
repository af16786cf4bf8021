import { Dashboard } from '@/features/admin-dashboard/components/Dashboard';

/** /admin: the key figures, quick actions and what needs attention. */
export default function DashboardPage() {
  return <Dashboard />;
}
