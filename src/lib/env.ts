// The local platform's well-known demo values are the fallback so that a fresh clone builds and
// runs against `npm start`; a hosted deployment sets both variables at build time.
const LOCAL_API_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || LOCAL_API_URL;
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

/** Where supabase-js keeps the session; read without loading supabase-js to know if anyone is signed in. */
export const AUTH_STORAGE_KEY = 'cgh-auth';

export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
