// The shared half of the security-monitoring files (security-monitoring-*.test.ts): reports to the
// security-logger function as a browser sends them, addresses for the detection rules, the clients
// (admin, staff, a user with no role) and the set-up each file runs, which clears the logger's
// per-address limit before each test and after the file.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO, deleteUsers, newUserClient, platform, signedInClient, sql, type Client } from '../support';

const LOGGER = () => `${platform().apiUrl}/functions/v1/security-logger`;

/** A POST to the security-logger as a browser sends it (the anon key unless `token`); its status and JSON. */
export async function report(
  body: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(LOGGER(), {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      authorization: `Bearer ${options.token ?? platform().anonKey}`,
      'content-type': 'application/json',
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const resetRateLimit = () => sql('delete from private.security_logger_hits');
/** An address in 198.18.0.0/15 (benchmarking range) no other test is likely to use. */
export const uniqueAddress = () => `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

export let admin: Client;
export let staff: Client;
export let noRole: { client: Client; userId: string };

/** The calling file's set-up: admin and staff signed in, a user with no role created. */
export function setUpSecurityMonitoring() {
  beforeAll(async () => {
    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    noRole = await newUserClient('security');
  });
  afterAll(async () => {
    await resetRateLimit();
    await deleteUsers(noRole.userId);
  });
  beforeEach(resetRateLimit);
}
