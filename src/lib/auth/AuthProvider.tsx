import type { Session, User } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { hasStoredSession } from '@/lib/env';
import { loadSupabase } from '@/lib/load-supabase';
import type { SupabaseClient } from '@/lib/supabase';
import { useProfile, useRoles } from './account';
import { authKeys } from './keys';
import { isAdminRole, isStaffRole, needsAuthClient, type AppRole, type Profile } from './roles';

export type { AppRole, Profile } from './roles';

export interface AuthState {
  user: User | null;
  session: Session | null;
  profile: Profile | null;
  roles: AppRole[];
  isStaff: boolean;
  isAdmin: boolean;
  /** true until the session, profile and roles are known */
  loading: boolean;
  signOut: () => Promise<void>;
}

interface AuthContextValue {
  state: AuthState;
  active: boolean;
  activate: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Session, profile and roles of the signed-in user. supabase-js (~50 KB gzip) is loaded only when
 * a session is stored, on /auth and /admin, or when a component calls `useAuth()`; a visitor on
 * the public pages never downloads it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [active, setActive] = useState(
    () => typeof window !== 'undefined' && (hasStoredSession() || needsAuthClient(window.location.pathname)),
  );
  const [client, setClient] = useState<SupabaseClient | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [sessionKnown, setSessionKnown] = useState(false);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    loadSupabase()
      .then((supabase) => {
        if (cancelled) return;
        setClient(supabase);
        // INITIAL_SESSION arrives first, then SIGNED_IN / SIGNED_OUT / TOKEN_REFRESHED / USER_UPDATED.
        const { data } = supabase.auth.onAuthStateChange((_event, next) => {
          setSession(next);
          setSessionKnown(true);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      })
      .catch((error) => {
        console.error('Failed to load the authentication client:', error);
        if (!cancelled) setSessionKnown(true);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [active]);

  const user = session?.user ?? null;
  const profile = useProfile(client, user?.id);
  const roles = useRoles(client, user?.id);

  useEffect(() => {
    if (profile.error) console.error('Error fetching profile:', profile.error);
    if (roles.error) console.error('Error fetching user roles:', roles.error);
  }, [profile.error, roles.error]);

  const signOut = useCallback(async () => {
    const supabase = client ?? (await loadSupabase());
    const { error } = await supabase.auth.signOut();
    if (error && error.name !== 'AuthSessionMissingError') throw error;
    setSession(null);
    queryClient.removeQueries({ queryKey: authKeys.all });
  }, [client, queryClient]);

  const activate = useCallback(() => setActive(true), []);

  const state = useMemo<AuthState>(() => {
    const roleList = roles.data ?? [];
    return {
      user,
      session,
      profile: profile.data ?? null,
      roles: roleList,
      isStaff: isStaffRole(roleList),
      isAdmin: isAdminRole(roleList),
      loading: active && (!sessionKnown || (user !== null && (profile.isPending || roles.isPending))),
      signOut,
    };
  }, [user, session, profile.data, profile.isPending, roles.data, roles.isPending, active, sessionKnown, signOut]);

  const value = useMemo(() => ({ state, active, activate }), [state, active, activate]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function useAuthContext(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}

/**
 * The auth state for screens that need it (sign-in page, admin portal): loads the auth client if
 * it is not loaded yet, and reports `loading` until session, profile and roles are known.
 */
export function useAuth(): AuthState {
  const { state, active, activate } = useAuthContext();
  useEffect(() => {
    if (!active) activate();
  }, [active, activate]);
  return active ? state : { ...state, loading: true };
}

/**
 * The auth state without loading anything: public pages use it to show staff-only controls to a
 * signed-in staff member (whose stored session makes the provider load the client anyway).
 */
export function useAuthSnapshot(): AuthState {
  return useAuthContext().state;
}
