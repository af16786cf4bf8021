import { UserManagement } from '@/features/admin-users/components/UserManagement';

/** /admin/users: the accounts, their roles, and invitations (admins only). */
export default function UsersPage() {
  return <UserManagement />;
}
