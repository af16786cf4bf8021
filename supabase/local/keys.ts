// The well-known demo secret and keys of Supabase's local development stack: public values,
// for local use only, so `.env.example` works against this platform and `supabase start` alike.
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'admin-demo-2026', role: 'admin' },
  { email: 'staff@example.com', password: 'staff-demo-2026', role: 'staff' },
  { email: 'guest@example.com', password: 'guest-demo-2026', role: 'no role' },
  { email: 'mfa-admin@example.com', password: 'mfa-admin-demo-2026', role: 'admin, two factors' },
] as const;

/** The TOTP secret of mfa-admin@example.com's seeded factor (supabase/seed.sql): local demo only. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
