import { PrivacyScreen } from '@/features/admin-privacy/components/PrivacyScreen';

/** /admin/privacy (admins): the CIN, retention settings and guests' requests. */
export default function PrivacySettingsPage() {
  return <PrivacyScreen />;
}
