import type { AppRole } from '@/lib/auth/roles';

export { APP_ROLES, type AppRole } from '@/lib/auth/roles';

export interface AdminUser {
  user_id: string;
  email: string | null;
  name: string | null;
  created_at: string;
  roles: AppRole[];
}
