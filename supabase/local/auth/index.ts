// A GoTrue-compatible auth service for the local platform: the endpoints @supabase/supabase-js
// calls, with GoTrue's JSON shapes, status codes and error codes (`{ code, error_code, msg }`).
// Users live in auth.users (bcrypt hashes via pgcrypto), sessions in auth.sessions, rotating
// refresh tokens in auth.refresh_tokens, TOTP factors in auth.mfa_factors; access tokens are HS256
// JWTs with GoTrue's claims, their aal and amr from the session.
//
// This file is the route table; each endpoint lives in a file named after it (as GoTrue's
// internal/api does) and stands on one AuthContext (context.ts). The gateway strips `/auth/v1`
// and has already checked the `apikey` header. Every statement runs on the superuser pool;
// multi-statement work uses one client inside BEGIN/COMMIT, and no session-level setting is ever
// made (PGlite shares one session between all connections).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, decodeSegment, serviceHandler, type Json, type Reply } from '../shared/http';
import { createUser, deleteUser, getUser as adminGetUser, listUsers, updateUser as adminUpdateUser } from './admin';
import { AuthContext, readJson, type AuthOptions, type Handler } from './context';
import { authError } from './errors';
import { generateLink } from './generate-link';
import { invite } from './invite';
import { logout } from './logout';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa';
import { otp } from './otp';
import { reauthenticate } from './reauthenticate';
import { recover } from './recover';
import { resend } from './resend';
import { health, jwks, settings } from './settings';
import { signup } from './signup';
import { token } from './token';
import { getUser, updateUser } from './user';
import { verifyGet, verifyPost } from './verify';

export type { AuthOptions } from './context';

export interface AuthService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function createAuthService(opts: AuthOptions): AuthService {
  const ctx = new AuthContext(opts);
  const router = authRoutes();
  const handle = serviceHandler((req) => dispatch(ctx, router, req), {
    name: 'auth',
    internalError: () =>
      authError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    log: opts.log,
  });
  return { handle, close: async () => undefined };
}

function authRoutes(): Router<Handler> {
  const userId = '([^/]+)';
  return new Router<Handler>()
    .add('GET', /^\/health$/, health)
    .add('GET', /^\/settings$/, settings)
    .add('GET', /^\/\.well-known\/jwks\.json$/, jwks)
    .add('POST', /^\/signup$/, signup)
    .add('POST', /^\/token$/, token)
    .add('POST', /^\/recover$/, recover)
    .add('POST', /^\/otp$/, otp)
    .add('POST', /^\/magiclink$/, otp)
    .add('GET', /^\/verify$/, verifyGet)
    .add('POST', /^\/verify$/, verifyPost)
    .add('POST', /^\/resend$/, resend)
    .add('GET', /^\/reauthenticate$/, reauthenticate)
    .add('GET', /^\/user$/, getUser)
    .add('PUT', /^\/user$/, updateUser)
    .add('POST', /^\/logout$/, logout)
    .add('POST', /^\/factors$/, enrollFactor)
    .add('POST', /^\/factors\/([^/]+)\/challenge$/, challengeFactor)
    .add('POST', /^\/factors\/([^/]+)\/verify$/, verifyFactor)
    .add('DELETE', /^\/factors\/([^/]+)$/, unenrollFactor)
    .add('POST', /^\/invite$/, invite)
    .add('POST', /^\/admin\/generate_link$/, generateLink)
    .add('GET', /^\/admin\/users$/, listUsers)
    .add('POST', /^\/admin\/users$/, createUser)
    .add('GET', new RegExp(`^/admin/users/${userId}$`), adminGetUser)
    .add('PUT', new RegExp(`^/admin/users/${userId}$`), adminUpdateUser)
    .add('DELETE', new RegExp(`^/admin/users/${userId}$`), deleteUser);
}

function dispatch(ctx: AuthContext, router: Router<Handler>, req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://auth.local');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const route = router.match(req.method, path);
  if (!route.handler) {
    throw route.pathMatched
      ? authError(405, 'method_not_allowed', 'Method Not Allowed')
      : authError(404, 'not_found', '404 page not found');
  }
  const params = route.params.map((param) => {
    const decoded = decodeSegment(param);
    if (decoded === undefined) throw authError(400, 'validation_failed', 'Malformed percent-encoding in the path');
    return decoded;
  });
  let parsed: Promise<Json> | undefined;
  const body = () => (parsed ??= readJson(req));
  return route.handler(ctx, { req, url, params, body });
}
