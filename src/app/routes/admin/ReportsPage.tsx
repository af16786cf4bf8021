import { Reports } from '@/features/admin-reports/components/Reports';

/** /admin/reports: the owner's figures over time, in charts and tables (staff and admins). */
export default function ReportsPage() {
  return <Reports />;
}
