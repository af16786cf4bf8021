// The deploy hook: published changes (site texts, amenities, rates, the city tax, a used-up promo
// code, a published design, an approved review) rebuild the site with one debounced POST naming
// what changed; drafts, pending reviews and no-op updates send nothing. Receiver, clock and set-up:
// deploy-hook-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { defaultDesign } from '../../../src/lib/design/schema';
import type { Json } from '../../../src/types/database';
import { sql } from '../support';
import {
  setUpDeployHook,
  rebuilds,
  editSiteText,
  dispatch,
  receiver,
  afterTheWindow,
  HOOK_PATH,
  moveClock,
  staff,
  admin,
} from './deploy-hook-fixtures';

setUpDeployHook();

// ---------------------------------------------------------------- debounced rebuilds
describe('published changes rebuild the site once, after a short window', () => {
  it('a site text change sends exactly one POST to the hook within a minute', async () => {
    await editSiteText();
    const [row] = await rebuilds();
    expect(row).toMatchObject({ event_type: 'site.rebuild', status: 'pending', attempt_count: 0 });
    expect(row.due_in_seconds).toBeGreaterThan(30);
    expect(row.due_in_seconds).toBeLessThanOrEqual(60);

    // the window is still open: nothing is sent yet
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toEqual([]);

    expect(await afterTheWindow()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    expect(post).toMatchObject({ method: 'POST', path: HOOK_PATH });
    expect(JSON.parse(post.body)).toMatchObject({ type: 'site.rebuild', data: { changed: ['site_content'] } });

    expect(await rebuilds()).toMatchObject([{ status: 'delivered', attempt_count: 1, last_response_status: 200 }]);
    await moveClock(120);
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('three quick changes send one POST naming what changed; a later change opens a new window', async () => {
    await editSiteText();
    const { error: amenityError } = await staff
      .from('amenities')
      .insert({ name: 'Rooftop terrace', icon_name: 'Sun', category: 'facility' });
    expect(amenityError).toBeNull();
    await moveClock(20);
    await editSiteText();
    expect(await rebuilds()).toHaveLength(1);

    await afterTheWindow();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['site_content', 'amenities']);

    await editSiteText();
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    await afterTheWindow();
    expect(receiver.received).toHaveLength(2);
    await sql("delete from public.amenities where name = 'Rooftop terrace'");
  });

  it('rooms, rates and the city tax ask for a rebuild; a no-op update does not', async () => {
    const [{ id: roomId, price }] = await sql<{ id: string; price: string }>(
      'select id, price_per_night::text as price from public.rooms order by room_number limit 1',
    );
    // the same values again: nothing the public sees changed
    const { error: sameError } = await staff
      .from('rooms')
      .update({ price_per_night: Number(price) })
      .eq('id', roomId);
    expect(sameError).toBeNull();
    expect(await rebuilds()).toEqual([]);

    const { error: seasonError } = await staff.from('room_rate_seasons').insert({
      room_id: roomId,
      name: 'Deploy hook season',
      starts_on: '2031-07-01',
      ends_on: '2031-07-31',
      price_per_night: 321,
    });
    expect(seasonError).toBeNull();
    const { error: taxError } = await admin.rpc('add_city_tax_rate', {
      p_valid_from: '2099-01-01',
      p_amount_cents: 750,
    });
    expect(taxError).toBeNull();
    const [row] = await rebuilds();
    expect(row.payload.data?.changed).toEqual(['room_rate_seasons', 'city_tax_rates']);
    await sql("delete from public.room_rate_seasons where name = 'Deploy hook season'");
    await sql("delete from public.city_tax_rates where valid_from = '2099-01-01'");
    await sql("update public.city_tax_rates set valid_to = null where valid_to = '2098-12-31'");
  });

  it("a promo code's use count asks for a rebuild only when the code is used up", async () => {
    const [{ id: roomId }] = await sql<{ id: string }>('select id from public.rooms order by room_number limit 1');
    const [{ id: codeId }] = await sql<{ id: string }>(
      `insert into public.room_promo_codes (room_id, promo_code, discount_percentage, max_uses, current_uses)
       values ($1, 'DEPLOYHOOK', 10, 2, 0) returning id`,
      [roomId],
    );
    await sql('delete from public.webhook_deliveries where endpoint_id is null');
    // what request_booking does for each use
    await sql('update public.room_promo_codes set current_uses = current_uses + 1 where id = $1', [codeId]);
    expect(await rebuilds()).toEqual([]);
    await sql('update public.room_promo_codes set current_uses = current_uses + 1 where id = $1', [codeId]);
    expect((await rebuilds()).map((r) => r.payload.data?.changed)).toEqual([['room_promo_codes']]);
    await sql('delete from public.room_promo_codes where id = $1', [codeId]);
  });

  it('saving a design draft sends nothing; publishing it sends one rebuild', async () => {
    const [{ n: designRows }] = await sql<{ n: number }>(
      'select (select count(*) from public.design_draft) + (select count(*) from public.design_versions) as n',
    );
    const revision = (await sql<{ revision: number }>('select revision from public.design_draft'))[0]?.revision ?? 0;
    const design = { ...defaultDesign(), tokens: { ...defaultDesign().tokens, primary: '210 60% 20%' } };
    const saved = await staff.rpc('save_design_draft', {
      p_document: design as unknown as Json,
      p_base_revision: revision,
    });
    expect(saved.error).toBeNull();
    expect(await rebuilds()).toEqual([]);
    expect(await afterTheWindow()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toEqual([]);

    // what publish_design writes (site-design.test.ts covers who may publish; done here as the
    // superuser so that no admin's publication is left in the append-only audit trail)
    await sql(
      `with version as (
         insert into public.design_versions (number, document, note)
         values ((select coalesce(max(number), 0) + 1 from public.design_versions), $1::jsonb, 'deploy hook')
         returning id)
       insert into public.design_published (id, version_id, document)
       select true, version.id, $1::jsonb from version
       on conflict (id) do update set version_id = excluded.version_id, document = excluded.document`,
      [JSON.stringify(design)],
    );
    await afterTheWindow();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['design_published']);
    if (Number(designRows) === 0) {
      await sql('truncate public.design_published, public.design_versions, public.design_draft');
    }
  });

  it('a pending review sends nothing; approving it sends one rebuild', async () => {
    const { data: review, error } = await staff
      .from('reviews')
      .insert({ guest_name: 'Marie Curie', rating: 5, comment: 'A lovely stay near the Colosseum.' })
      .select('id')
      .single();
    expect(error).toBeNull();
    // replying to a review the public does not see yet changes nothing public either
    await staff.from('reviews').update({ host_reply: 'Grazie mille!' }).eq('id', review!.id);
    expect(await rebuilds()).toEqual([]);
    expect(await afterTheWindow()).toMatchObject({ claimed: 0 });

    const { error: approveError } = await staff.from('reviews').update({ approved: true }).eq('id', review!.id);
    expect(approveError).toBeNull();
    await afterTheWindow();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['reviews']);
    await sql('delete from public.reviews where id = $1', [review!.id]);
  });

  it('a change of the cancellation window rebuilds the site (its rule is on every page); the deposit alone does not', async () => {
    const policy = () => admin.from('payment_policy').update({ deposit_percent: 40 }).eq('singleton', true);
    expect((await policy()).error).toBeNull();
    expect(await rebuilds()).toEqual([]);
    try {
      const { error } = await admin.from('payment_policy').update({ free_cancellation_days: 7 }).eq('singleton', true);
      expect(error).toBeNull();
      await afterTheWindow();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['payment_policy']);
    } finally {
      await sql('update public.payment_policy set free_cancellation_days = 1, deposit_percent = 30 where singleton');
    }
  });

  it('without a deploy hook nothing is queued', async () => {
    await sql('delete from private.deploy_hook');
    await editSiteText();
    expect(await rebuilds()).toEqual([]);
  });
});
