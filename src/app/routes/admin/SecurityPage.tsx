import { SecurityMonitor } from '@/features/admin-security/components/SecurityMonitor';

export default function SecurityPage() {
  return <SecurityMonitor />;
}
