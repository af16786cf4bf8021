import { TwoFactorSettings } from '@/features/two-factor/components/TwoFactorSettings';

/** /admin/two-factor: one's own second factor; for admins, whether all staff need one. */
export default function TwoFactorPage() {
  return <TwoFactorSettings />;
}
