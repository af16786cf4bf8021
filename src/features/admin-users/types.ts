export const APP_ROLES = ['guest', 'staff', 'admin'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export interface AdminUser {
  user_id: string;
  email: string | null;
  name: string | null;
  created_at: string;
  roles: AppRole[];
}
