// invite-user: an admin invites a new member of staff by e-mail.
//   POST {email, role: 'staff' | 'admin', name?, redirect_to?} with an admin's JWT → 200 {user_id, email, role}
//   400 bad input · 401 not signed in · 403 not an admin, or not at aal2 where two factors are required ·
//   409 address already registered ·
//   429 too many e-mails · 500 failure
// Auth sends the invite e-mail; its link signs the invitee in at redirect_to, where they set a
// password. The role is given with set_user_role under the admin's own token, so the database's
// rules decide; if that fails the invited account is removed again: no invite stands without its role.
import { adminCaller, serviceClient } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readInput, servePost } from '../_shared/serve.ts';
import { inviteSchema } from './schema.ts';

const MAX_BODY_BYTES = 4 * 1024;

/** Auth's refusals the admin can act on, by GoTrue error code. */
const AUTH_REFUSALS: Record<string, { status: number; message: string }> = {
  email_exists: { status: 409, message: 'A user with this email address has already been registered.' },
  user_already_exists: { status: 409, message: 'A user with this email address has already been registered.' },
  over_email_send_rate_limit: { status: 429, message: 'Too many e-mails sent. Please try again in a few minutes.' },
  email_address_invalid: { status: 400, message: 'Please enter a valid email address' },
};

async function handle(request: Request): Promise<Response> {
  const admin = await adminCaller(request, 'invite users');
  if (admin instanceof Response) return admin;
  // users and roles need a session confirmed with a second factor where one is required
  // (public.mfa_satisfied): ask before any e-mail goes out, not only when the role is given
  const { data: satisfied, error: aalError } = await admin.db.rpc('mfa_satisfied');
  if (aalError || satisfied !== true) {
    return errorResponse('This needs two-factor sign-in: confirm with a code from your authenticator app.', 403);
  }

  const input = await readInput(request, MAX_BODY_BYTES, inviteSchema);

  const service = serviceClient();
  const invited = await service.auth.admin.inviteUserByEmail(input.email, {
    data: input.name ? { name: input.name } : {},
    redirectTo: input.redirect_to,
  });
  if (invited.error) {
    const refusal = AUTH_REFUSALS[invited.error.code ?? ''];
    if (refusal) return errorResponse(refusal.message, refusal.status);
    console.error(`[invite-user] invite failed: ${invited.error.code} ${invited.error.message}`);
    return errorResponse('The invitation could not be sent. Please try again.', 500);
  }
  const userId = invited.data.user.id;

  const { error } = await admin.db.rpc('set_user_role', { p_user_id: userId, p_role: input.role });
  if (error) {
    await service.auth.admin.deleteUser(userId);
    return errorResponse(error.message, error.code === '42501' ? 403 : 400);
  }
  return jsonResponse({ user_id: userId, email: input.email, role: input.role });
}

servePost('invite-user', 'The invitation could not be sent. Please try again.', handle);
