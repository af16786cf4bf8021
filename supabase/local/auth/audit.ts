// GoTrue's audit trail in auth.audit_log_entries: the action, who did it and from which address.
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../shared/transaction';
import { clientAddress, type Json } from '../shared/http';
import { NIL_UUID } from './users';

/** GoTrue's actions and the log type each belongs to. */
const LOG_TYPES = {
  user_signedup: 'team',
  login: 'account',
  logout: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_deleted: 'team',
  user_updated_password: 'user',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_repeated_signup: 'user',
  user_invited: 'team',
  factor_in_progress: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_unenrolled: 'factor',
} as const;

export type AuditAction = keyof typeof LOG_TYPES;

export interface AuditActor {
  id: string;
  /** the user's e-mail, or the role of an admin token */
  username: string;
}

export async function recordAudit(
  db: Queryable,
  req: IncomingMessage,
  action: AuditAction,
  actor: AuditActor,
  traits: Json = {},
): Promise<void> {
  const payload = {
    actor_id: actor.id,
    actor_username: actor.username,
    actor_via_sso: false,
    action,
    log_type: LOG_TYPES[action],
    traits,
  };
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ($1, gen_random_uuid(), $2, now(), $3)`,
    [NIL_UUID, JSON.stringify(payload), clientAddress(req).slice(0, 64)],
  );
}
