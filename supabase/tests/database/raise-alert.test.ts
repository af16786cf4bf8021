import { afterEach, describe, expect, it } from 'vitest';
import { anonClient, DEMO, signedInClient, sql } from '../support';

describe('private.raise_alert', () => {
  afterEach(async () => {
    await sql("delete from public.security_alerts where alert_type = 'test_cause'");
  });

  it('keeps one active alert per type and key, counting the repeats', async () => {
    const raise = (key: string) =>
      sql<{ id: string }>(
        "select private.raise_alert('test_cause', 'high', 'Something happened', $1, '{\"n\": 1}') as id",
        [key],
      );
    const [first] = await raise('feed-1');
    const [again] = await raise('feed-1');
    const [other] = await raise('feed-2');
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    const rows = await sql<{ occurrences: number }>(
      "select occurrences from public.security_alerts where alert_type = 'test_cause' and dedup_key = 'feed-1'",
    );
    expect(rows).toEqual([{ occurrences: 2 }]);
  });

  it('raises a new alert once the earlier one is resolved', async () => {
    const [first] = await sql<{ id: string }>("select private.raise_alert('test_cause', 'medium', 'x', 'k') as id");
    await sql("update public.security_alerts set status = 'resolved' where id = $1", [first.id]);
    const [second] = await sql<{ id: string }>("select private.raise_alert('test_cause', 'medium', 'x', 'k') as id");
    expect(second.id).not.toBe(first.id);
  });

  it('cannot be called through the API', async () => {
    for (const client of [anonClient(), await signedInClient(DEMO.admin.email, DEMO.admin.password)]) {
      const { error } = await client.schema('private' as 'public').rpc('raise_alert' as never, {} as never);
      expect(error).not.toBeNull();
    }
  });
});
