// The site design through supabase-js: the draft (staff only, concurrent-edit check), publish and
// restore (admins only, contrast check, one transaction), immutable versions, the published design
// anon reads, per-user favourites, and the server-side validation of the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign, type DesignDocument } from '../../../src/lib/design/schema';
import { STYLE_PROPERTIES } from '../../../src/lib/design/properties';
import type { Json } from '../../../src/types/database';
import { DEMO, anonClient, deleteUsers, newUserClient, signedInClient, sql, type Client } from '../support';

const asJson = (design: unknown) => design as NonNullable<Json>;

let staff: Client;
let admin: Client;
let noRole: { client: Client; userId: string };

const draftRevision = async () =>
  (await sql<{ revision: number }>('select revision from public.design_draft'))[0]?.revision ?? 0;

async function saveAs(client: Client, design: unknown, base?: number) {
  return client.rpc('save_design_draft', {
    p_document: asJson(design),
    p_base_revision: base ?? (await draftRevision()),
  });
}

const designWith = (changes: Partial<DesignDocument>): DesignDocument => ({ ...defaultDesign(), ...changes });
const primary = (value: string) => designWith({ tokens: { ...defaultDesign().tokens, primary: value } });

beforeAll(async () => {
  // Versions cannot be deleted through any row operation; the test starts from an empty history.
  await sql('truncate public.design_published, public.design_versions, public.design_draft');
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  noRole = await newUserClient('design-norole');
});

afterAll(async () => {
  await deleteUsers(noRole.userId);
});

describe('draft', () => {
  it('staff save and read the draft; each save raises the revision', async () => {
    const first = await saveAs(staff, primary('220 60% 15%'), 0);
    expect(first.error).toBeNull();
    expect(first.data).toBe(1);
    const second = await saveAs(staff, primary('200 60% 20%'), 1);
    expect(second.data).toBe(2);
    const { data } = await staff.from('design_draft').select('document, revision').single();
    expect(data?.revision).toBe(2);
    expect((data?.document as DesignDocument).tokens.primary).toBe('200 60% 20%');
  });

  it('a save based on an older revision is refused (409) naming who saved, and changes nothing', async () => {
    const before = await draftRevision();
    const stale = await saveAs(admin, primary('10 60% 20%'), before - 1);
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toMatch(
      /^The draft was changed by .+ at \d{4}-\d\d-\d\d \d\d:\d\d UTC while you were editing\.$/,
    );
    expect(await draftRevision()).toBe(before);
  });

  it('anon and a user without a role can neither read nor save the draft', async () => {
    for (const client of [anonClient(), noRole.client]) {
      const read = await client.from('design_draft').select('document');
      expect(read.data ?? []).toEqual([]);
      const save = await saveAs(client, primary('0 0% 0%'));
      expect(save.error).not.toBeNull();
    }
    const [row] = await sql<{ document: DesignDocument }>('select document from public.design_draft');
    expect(row.document.tokens.primary).toBe('200 60% 20%');
  });

  it('nobody writes the draft table directly', async () => {
    const update = await admin.from('design_draft').update({ revision: 99 }).eq('id', true).select();
    expect(update.error).not.toBeNull();
    expect(await draftRevision()).not.toBe(99);
  });
});

describe('server-side validation', () => {
  const refused: [string, unknown][] = [
    ['an unknown property', designWith({ styles: { 'hero-title': { behavior: 'url(x.htc)' } } })],
    [
      'a style breaking out of the style element',
      designWith({ styles: { 'hero-title': { color: '</style><script>' } } }),
    ],
    ['url(javascript:) in a colour', primary('url(javascript:alert(1))')],
    [
      'expression( in a block text',
      designWith({ blocks: [{ id: 'b1', kind: 'faq', texts: { title: 'expression(alert(1))' } }] }),
    ],
    ['a font size out of range', designWith({ styles: { 'hero-title': { 'font-size': 129 } } })],
    ['a selector-breaking element id', designWith({ styles: { 'x"]{}body{': { opacity: 1 } } })],
    ['an unknown block kind', designWith({ blocks: [{ id: 'b1', kind: 'iframe' as 'faq', texts: {} }] })],
    ['a too long block text', designWith({ blocks: [{ id: 'b1', kind: 'faq', texts: { title: 'x'.repeat(121) } }] })],
    ['a missing token', { ...defaultDesign(), tokens: { primary: '1 1% 1%' } }],
    ['an extra field', { ...defaultDesign(), script: 'alert(1)' }],
  ];
  it.each(refused)('refuses %s with a clear message and keeps the draft', async (_, design) => {
    const before = await draftRevision();
    const { error } = await saveAs(staff, design);
    expect(error?.message).toMatch(/^Invalid design: /);
    expect(await draftRevision()).toBe(before);
  });

  it('accepts each property at its limits and refuses it just outside (same rules as the browser)', async () => {
    const cases: { label: string; valid: boolean; design: DesignDocument }[] = [];
    for (const property of STYLE_PROPERTIES) {
      const [inside, outside] =
        property.kind === 'number'
          ? [
              [property.min, property.max],
              [property.min - property.step, property.max + property.step],
            ]
          : property.kind === 'option'
            ? [property.options, ['inherit-x']]
            : [['0 0% 0%', 'primary'], ['#000']];
      const add = (values: readonly (string | number)[], valid: boolean) =>
        values.forEach((value) =>
          cases.push({
            label: `${property.name}=${value}`,
            valid,
            design: designWith({ styles: { el: { [property.name]: value } } }),
          }),
        );
      add(inside, true);
      add(outside, false);
    }
    const rows = await sql<{ ok: boolean }>(
      'select cardinality(private.design_errors(d)) = 0 as ok from jsonb_array_elements($1::jsonb) with ordinality t(d, i) order by i',
      [JSON.stringify(cases.map((c) => c.design))],
    );
    expect(Object.fromEntries(cases.map((c, i) => [c.label, rows[i].ok]))).toEqual(
      Object.fromEntries(cases.map((c) => [c.label, c.valid])),
    );
  });
});

describe('publish, versions and restore', () => {
  it('staff cannot publish; admins publish the draft as a numbered version anon can read', async () => {
    const revision = await draftRevision();
    const refused = await staff.rpc('publish_design', { p_base_revision: revision, p_note: 'by staff' });
    expect(refused.error?.message).toBe('Only admins can publish the design.');
    expect(await sql('select 1 from public.design_versions')).toEqual([]);

    const published = await admin.rpc('publish_design', { p_base_revision: revision, p_note: 'Blue-ish' });
    expect(published.error).toBeNull();
    expect(published.data).toBe(1);
    const { data } = await anonClient().from('design_published').select('document').single();
    expect((data?.document as DesignDocument).tokens.primary).toBe('200 60% 20%');
    const [version] = await sql('select number, note, created_by from public.design_versions');
    expect(version).toMatchObject({ number: 1, note: 'Blue-ish' });
    const audit = await sql(
      "select 1 from public.audit_logs where table_name = 'design_versions' and action = 'INSERT' and user_id = $1",
      [version.created_by],
    );
    expect(audit).toHaveLength(1);
  });

  it('publishing a draft that changed since it was loaded is refused', async () => {
    const stale = await admin.rpc('publish_design', { p_base_revision: (await draftRevision()) - 1 });
    expect(stale.error?.code).toBe('PT409');
  });

  it('refuses to publish text colours below 4.5:1, naming the pairs, and publishes nothing', async () => {
    const lowContrast = designWith({
      tokens: { ...defaultDesign().tokens, 'primary-foreground': '14 53% 45%', 'muted-foreground': '36 20% 80%' },
    });
    await saveAs(staff, lowContrast);
    const { error } = await admin.rpc('publish_design', { p_base_revision: await draftRevision() });
    expect(error?.message).toMatch(
      /^Colour contrast below 4\.5:1 \(WCAG AA\): primary-foreground on primary \([\d.]+:1\), muted-foreground on muted \([\d.]+:1\)$/,
    );
    expect(await sql('select number from public.design_versions')).toHaveLength(1);
  });

  it('anon and staff see only what their role allows', async () => {
    expect((await anonClient().from('design_versions').select('id')).data ?? []).toEqual([]);
    expect((await noRole.client.from('design_versions').select('id')).data ?? []).toEqual([]);
    expect((await staff.from('design_versions').select('number')).data).toEqual([{ number: 1 }]);
    const write = await anonClient()
      .from('design_published')
      .update({ document: asJson(primary('0 0% 0%')) })
      .eq('id', true)
      .select();
    expect(write.data ?? []).toEqual([]);
  });

  it('versions are immutable, even for admins and the database owner', async () => {
    const update = await admin.from('design_versions').update({ note: 'changed' }).eq('number', 1).select();
    expect(update.error).not.toBeNull();
    const remove = await admin.from('design_versions').delete().eq('number', 1).select();
    expect(remove.error).not.toBeNull();
    await expect(sql("update public.design_versions set note = 'x'")).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql('delete from public.design_versions')).rejects.toThrow(/cannot be changed or deleted/);
  });

  it('restore is admin-only and publishes a copy of the old version', async () => {
    await saveAs(staff, primary('120 60% 20%'));
    expect((await admin.rpc('publish_design', { p_base_revision: await draftRevision() })).data).toBe(2);

    const refused = await staff.rpc('restore_design_version', { p_number: 1 });
    expect(refused.error?.message).toBe('Only admins can restore a design version.');
    const restored = await admin.rpc('restore_design_version', { p_number: 1 });
    expect(restored.data).toBe(3);
    const versions = await sql('select number, note, restored_from from public.design_versions order by number');
    expect(versions).toEqual([
      { number: 1, note: 'Blue-ish', restored_from: null },
      { number: 2, note: '', restored_from: null },
      { number: 3, note: 'Restored version 1', restored_from: 1 },
    ]);
    const { data } = await anonClient().from('design_published').select('document').single();
    expect((data?.document as DesignDocument).tokens.primary).toBe('200 60% 20%');
  });
});

describe('favourites', () => {
  it('staff keep their own favourites; nobody sees or writes anyone else’s', async () => {
    const [staffId] = (await sql<{ id: string }>('select id from auth.users where email = $1', [DEMO.staff.email])).map(
      (r) => r.id,
    );
    await sql("delete from public.design_favorites where item_id = 'vintage-rome'");
    const own = await staff
      .from('design_favorites')
      .upsert({ user_id: staffId, item_type: 'template', item_id: 'vintage-rome', favorite: true })
      .select();
    expect(own.error).toBeNull();
    expect((await admin.from('design_favorites').select('item_id').eq('item_id', 'vintage-rome')).data).toEqual([]);
    const foreign = await admin
      .from('design_favorites')
      .insert({ user_id: staffId, item_type: 'component', item_id: 'faq', favorite: true });
    expect(foreign.error).not.toBeNull();
    const [noRoleWrite] = [
      await noRole.client
        .from('design_favorites')
        .insert({ user_id: noRole.userId, item_type: 'template', item_id: 'vintage-rome', favorite: true }),
    ];
    expect(noRoleWrite.error).not.toBeNull();
  });
});
