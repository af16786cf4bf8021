// Translatable content (#23): the `translations` column of site_content, rooms, amenities and
// services. Staff write the Italian and French texts through the API; anon and a signed-in user
// without a role cannot; the trigger refuses unknown languages and fields, wrong shapes, overlong
// texts and markup, tidies blanks away, and never touches the English columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../src/types/database';
import { DEMO, SEED, anonClient, deleteUsers, newUserClient, signedInClient, sql, type Client } from '../support';

let staff: Client;
let admin: Client;
let noRole: { client: Client; userId: string };
const ROOM = SEED.room(3);

const json = (value: unknown) => value as NonNullable<Json>;

async function row(table: string, where: string, params: unknown[]) {
  const [found] = await sql<Record<string, unknown> & { translations: Record<string, unknown> }>(
    `select * from public.${table} where ${where}`,
    params,
  );
  return found;
}

const siteText = (key: string) => row('site_content', 'key = $1', [key]);
const room = () => row('rooms', 'id = $1', [ROOM]);

let amenityId: string;
let serviceId: string;
let originals: { hero: Record<string, unknown>; room: Record<string, unknown> };

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  noRole = await newUserClient('translations-norole');
  [{ id: amenityId }] = await sql<{ id: string }>(
    "insert into public.amenities (name, description) values ('Test Amenity', 'English words') returning id",
  );
  [{ id: serviceId }] = await sql<{ id: string }>(
    "insert into public.services (name, description) values ('Test Service', 'English words') returning id",
  );
  originals = { hero: await siteText('hero_title'), room: await room() };
});

afterAll(async () => {
  await sql('delete from public.amenities where id = $1', [amenityId]);
  await sql('delete from public.services where id = $1', [serviceId]);
  await sql("update public.site_content set value = $1, translations = $2 where key = 'hero_title'", [
    originals.hero.value,
    originals.hero.translations,
  ]);
  await sql('update public.rooms set translations = $1 where id = $2', [originals.room.translations, ROOM]);
  await deleteUsers(noRole.userId);
});

describe('the demo data', () => {
  it('has Italian and French for every site text (but numbers and contact details), room, amenity and service', async () => {
    const neutral = [
      'hero_rating',
      'hero_review_count',
      'reviews_rating',
      'reviews_headline_source',
      'contact_phone',
      'contact_email',
      'contact_whatsapp',
    ];
    const untranslated = await sql(
      `select 'site_content' as t, key as name from public.site_content
        where not key = any($1) and not (translations ? 'it' and translations ? 'fr')
       union all
       select 'rooms', name from public.rooms
        where not (translations #> '{it}' ?& array['name', 'description', 'amenities']
               and translations #> '{fr}' ?& array['name', 'description', 'amenities'])
       union all
       select 'amenities', name from public.amenities
        where not (translations #> '{it}' ?& array['name', 'description'] and translations #> '{fr}' ?& array['name', 'description'])
       union all
       select 'services', name from public.services
        where not (translations #> '{it}' ?& array['name', 'description'] and translations #> '{fr}' ?& array['name', 'description'])`,
      [neutral],
    );
    expect(untranslated).toEqual([]);
    const [counts] = await sql<{ rooms: number; texts: number }>(
      `select (select count(*)::int from public.rooms where translations <> '{}') as rooms,
              (select count(*)::int from public.site_content where translations <> '{}') as texts`,
    );
    expect(counts.rooms).toBe(7);
    expect(counts.texts).toBeGreaterThanOrEqual(18);
  });
});

describe('staff write translations', () => {
  it('a site text: Italian saved, French unchanged, the English value untouched', async () => {
    const before = await siteText('hero_title');
    const translations = { ...before.translations, it: 'La Casa del Colosseo' };
    const { error } = await staff.from('site_content').update({ translations }).eq('key', 'hero_title');
    expect(error).toBeNull();
    const after = await siteText('hero_title');
    expect(after.translations.it).toBe('La Casa del Colosseo');
    expect(after.translations.fr).toEqual(before.translations.fr);
    expect(after.value).toBe(before.value);
  });

  it('a room: name, description and amenity list per language; English columns untouched', async () => {
    const before = await room();
    const translations = {
      it: { name: 'Matrimoniale Standard', description: 'Una camera accogliente.', amenities: ['Wi-Fi', 'Doccia'] },
      fr: { name: 'Chambre Standard', amenities: ['Wi-Fi'] },
    };
    const { error } = await admin.from('rooms').update({ translations }).eq('id', ROOM);
    expect(error).toBeNull();
    const after = await room();
    expect(after.translations).toEqual(translations);
    expect([after.name, after.description, after.amenities]).toEqual([
      before.name,
      before.description,
      before.amenities,
    ]);
  });

  it('amenities and services: name and description per language', async () => {
    const translations = {
      it: { name: 'Servizio di prova' },
      fr: { name: "Service d'essai", description: 'Des mots.' },
    };
    for (const [table, id] of [
      ['amenities', amenityId],
      ['services', serviceId],
    ] as const) {
      const { error } = await staff.from(table).update({ translations }).eq('id', id);
      expect(error).toBeNull();
      const after = await row(table, 'id = $1', [id]);
      expect(after.translations).toEqual(translations);
      expect([after.name, after.description]).toEqual([
        table === 'amenities' ? 'Test Amenity' : 'Test Service',
        'English words',
      ]);
    }
  });

  it('texts are trimmed; blank texts, empty lists and empty languages are dropped (the English one shows)', async () => {
    const { error } = await staff
      .from('rooms')
      .update({
        translations: json({
          it: { name: '  Camera Tre  ', description: '   ', amenities: [' Wi-Fi ', ''] },
          fr: { name: '', amenities: [] },
        }),
      })
      .eq('id', ROOM);
    expect(error).toBeNull();
    expect((await room()).translations).toEqual({ it: { name: 'Camera Tre', amenities: ['Wi-Fi'] } });

    await staff
      .from('site_content')
      .update({ translations: { it: 'Ciao', fr: '  ' } })
      .eq('key', 'hero_title');
    expect((await siteText('hero_title')).translations).toEqual({ it: 'Ciao' });
  });
});

describe('nobody else writes them', () => {
  it('anon and a signed-in user without a role change nothing', async () => {
    const hero = await siteText('hero_title');
    const roomBefore = await room();
    const amenity = await row('amenities', 'id = $1', [amenityId]);
    const service = await row('services', 'id = $1', [serviceId]);
    for (const client of [anonClient(), noRole.client]) {
      await client
        .from('site_content')
        .update({ translations: { it: 'Hacked' } })
        .eq('key', 'hero_title');
      await client
        .from('rooms')
        .update({ translations: { it: { name: 'Hacked' } } })
        .eq('id', ROOM);
      await client
        .from('amenities')
        .update({ translations: { it: { name: 'Hacked' } } })
        .eq('id', amenityId);
      await client
        .from('services')
        .update({ translations: { it: { name: 'Hacked' } } })
        .eq('id', serviceId);
      const inserted = await client
        .from('site_content')
        .insert({ key: 'hacked_text', value: 'x', translations: { it: 'Hacked' } });
      expect(inserted.error).not.toBeNull();
    }
    expect((await siteText('hero_title')).translations).toEqual(hero.translations);
    expect((await room()).translations).toEqual(roomBefore.translations);
    expect((await row('amenities', 'id = $1', [amenityId])).translations).toEqual(amenity.translations);
    expect((await row('services', 'id = $1', [serviceId])).translations).toEqual(service.translations);
    expect(await sql("select 1 from public.site_content where key = 'hacked_text'")).toEqual([]);
  });

  it('anon reads the translations the public pages show', async () => {
    const { data, error } = await anonClient().from('site_content').select('key, translations').eq('key', 'hero_title');
    expect(error).toBeNull();
    expect(data?.[0]?.translations).toEqual((await siteText('hero_title')).translations);
  });
});

describe('the check refuses bad translations', () => {
  const refused: [string, string, unknown, RegExp][] = [
    ['site_content', 'an unknown language', { de: 'Hallo' }, /Unknown translation language "de"/],
    ['site_content', 'English in translations', { en: 'Hello' }, /Unknown translation language "en"/],
    ['site_content', 'a number instead of a text', { it: 42 }, /must be text/],
    ['site_content', 'an object instead of a text', { it: { name: 'x' } }, /must be text/],
    ['site_content', 'markup', { it: 'Ciao <script>alert(1)</script>' }, /plain text, without HTML/],
    ['site_content', 'a control character', { fr: 'Bonjour\u0007' }, /not allowed/],
    ['site_content', 'an overlong text', { it: 'x'.repeat(5001) }, /at most 5000 characters/],
    ['site_content', 'a list instead of an object', ['it', 'Ciao'], /object keyed by language/],
    ['rooms', 'an unknown field', { it: { price: 'gratis' } }, /Unknown translated field "price"/],
    ['rooms', 'a text instead of fields', { it: 'Camera' }, /object of fields/],
    ['rooms', 'a text instead of a list', { it: { amenities: 'Wi-Fi' } }, /list of texts/],
    ['rooms', 'a number in the list', { it: { amenities: ['Wi-Fi', 3] } }, /must be text/],
    ['rooms', 'markup in a name', { fr: { name: '<b>Chambre</b>' } }, /without HTML/],
    ['rooms', 'an overlong name', { it: { name: 'x'.repeat(101) } }, /at most 100 characters/],
    [
      'rooms',
      'a list of 51 amenities',
      { it: { amenities: Array.from({ length: 51 }, (_, i) => `A${i}`) } },
      /at most 50/,
    ],
    [
      'amenities',
      'the amenity list on an amenity',
      { it: { amenities: ['x'] } },
      /Unknown translated field "amenities"/,
    ],
    ['services', 'markup in a description', { fr: { description: '<img src=x onerror=alert(1)>' } }, /without HTML/],
  ];

  it.each(refused)('%s: %s', async (table, _what, translations, message) => {
    const target =
      table === 'site_content'
        ? { column: 'key', value: 'hero_title' }
        : { column: 'id', value: table === 'rooms' ? ROOM : table === 'amenities' ? amenityId : serviceId };
    const before = await row(table, `${target.column} = $1`, [target.value]);
    const { error } = await staff
      .from(table as 'rooms')
      .update({ translations: json(translations) })
      .eq(target.column as 'id', target.value);
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(message);
    expect((await row(table, `${target.column} = $1`, [target.value])).translations).toEqual(before.translations);
  });

  it('a text with ordinary punctuation, accents and line breaks is fine', async () => {
    const text = "Colazione all'italiana: cornetto & cappuccino < 5 € — à deux pas.\nA domani!";
    const { error } = await staff
      .from('site_content')
      .update({ translations: { it: text } })
      .eq('key', 'hero_title');
    expect(error).toBeNull();
    expect((await siteText('hero_title')).translations.it).toBe(text);
  });
});

describe('room facts (size, bed layout, view)', () => {
  const facts = async () =>
    (
      await sql<{ size_m2: number; bed_layout: string | null; view: string | null }>(
        'select size_m2, bed_layout, view from public.rooms where id = $1',
        [ROOM],
      )
    )[0];
  let before: Awaited<ReturnType<typeof facts>>;
  beforeAll(async () => {
    before = await facts();
  });
  afterAll(async () => {
    await sql('update public.rooms set size_m2 = $1, bed_layout = $2, view = $3 where id = $4', [
      before.size_m2,
      before.bed_layout,
      before.view,
      ROOM,
    ]);
  });

  it("are seeded with the spec's fixed data", async () => {
    const seeded = await sql<{ name: string; size_m2: number; bed_layout: string | null }>(
      `select name, size_m2, bed_layout from public.rooms
        where name in ('Superior King', 'Deluxe King', 'Standard King', 'Superior Quadruple') order by name`,
    );
    expect(seeded).toEqual([
      { name: 'Deluxe King', size_m2: 35, bed_layout: '1 king bed' },
      { name: 'Standard King', size_m2: 20, bed_layout: '1 king bed' },
      { name: 'Superior King', size_m2: 25, bed_layout: '1 king bed' },
      { name: 'Superior Quadruple', size_m2: 30, bed_layout: '2 single beds and 1 king bed' },
    ]);
  });

  it('staff write them, with the bed layout and view per language', async () => {
    const { error } = await staff
      .from('rooms')
      .update({
        size_m2: 21,
        bed_layout: '1 queen bed',
        view: 'Garden View',
        translations: { it: { bed_layout: '1 letto queen size', view: 'Vista sul giardino' } },
      })
      .eq('id', ROOM);
    expect(error).toBeNull();
    expect(await facts()).toEqual({ size_m2: 21, bed_layout: '1 queen bed', view: 'Garden View' });
    expect((await room()).translations).toEqual({
      it: { bed_layout: '1 letto queen size', view: 'Vista sul giardino' },
    });
  });

  it('anon and a signed-in user without a role cannot change them', async () => {
    const now = await facts();
    for (const client of [anonClient(), noRole.client]) {
      await client.from('rooms').update({ size_m2: 99, view: 'Hacked View' }).eq('id', ROOM);
      expect(await facts()).toEqual(now);
    }
  });

  it.each([
    ['a size below 5 m²', { size_m2: 2 }, '23514'],
    ['a size above 500 m²', { size_m2: 900 }, '23514'],
    ['a line break in the bed layout', { bed_layout: '1 king\nbed' }, '23514'],
    ['a view over 100 characters', { view: 'x'.repeat(101) }, '23514'],
  ])('refuses %s', async (_what, values, code) => {
    const now = await facts();
    const { error } = await staff.from('rooms').update(values).eq('id', ROOM);
    expect(error?.code).toBe(code);
    expect(await facts()).toEqual(now);
  });
});
