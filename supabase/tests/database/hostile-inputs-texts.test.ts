// Hostile texts (issue 30), each attack sent as the issue gives it through the real gateway: header
// injection and invisible formatting characters in one-line and multi-line texts, refused by every
// writer (requests, staff's rooms, services, translations and replies, the review form); rows written
// before the rules block nothing. Set-up and helpers: hostile-inputs-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { asAnon, sql } from '../support';
import {
  setUpHostileInputs,
  HEADER_INJECTION,
  ONE_LINE_REFUSAL,
  MULTILINE_REFUSAL,
  BAD_NAMES,
  staff,
  roomId,
  rpcFrom,
  stay,
  request,
  linkToken,
  oldRow,
} from './hostile-inputs-fixtures';

setUpHostileInputs();

describe('one-line and multi-line texts (SQL, every writer)', () => {
  it('request_booking refuses every header-injection and invisible-character name, with one clear message', async () => {
    for (const name of BAD_NAMES) {
      const answer = await rpcFrom('127.0.0.60', 'request_booking', stay({ p_guest_name: name }));
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.message).toBe(`Name ${ONE_LINE_REFUSAL}`);
    }
    const [{ count }] = await sql<{ count: number }>(
      'select count(*)::int as count from public.bookings where room_id = $1',
      [roomId],
    );
    expect(count).toBe(0);
  });

  it('special requests keep their line breaks (CR LF stored as LF) and refuse the rest', async () => {
    const refused = await rpcFrom('127.0.0.60', 'request_booking', stay({ p_special_requests: 'Late \u202Earrival' }));
    expect(refused.body.message).toBe(`Special requests ${MULTILINE_REFUSAL}`);
    const { id } = await request('127.0.0.60', { p_special_requests: 'Late arrival\r\nAround 23:00' });
    const [row] = await sql<{ special_requests: string }>(
      'select special_requests from public.bookings where id = $1',
      [id],
    );
    expect(row.special_requests).toBe('Late arrival\nAround 23:00');
  });

  it('staff writing rooms, services, translations and host replies through the API meet the same rules', async () => {
    const room = await staff.from('rooms').update({ name: HEADER_INJECTION }).eq('id', roomId);
    expect(room.error?.message).toBe(`Room name ${ONE_LINE_REFUSAL}`);
    const amenity = await staff
      .from('rooms')
      .update({ amenities: ['Wi-Fi\u200B'] })
      .eq('id', roomId);
    expect(amenity.error?.message).toBe(`Room amenity ${ONE_LINE_REFUSAL}`);
    const service = await staff.from('services').insert({ name: 'Hostile\u202E breakfast', price: 10 });
    expect(service.error?.message).toBe(`Service name ${ONE_LINE_REFUSAL}`);
    const translation = await staff
      .from('rooms')
      .update({ translations: { it: { name: 'Camera\r\nBcc: victim@evil.example' } } })
      .eq('id', roomId);
    expect(translation.error?.message).toBe(`The translation it.name ${ONE_LINE_REFUSAL}`);
    const bidi = await staff
      .from('rooms')
      .update({ translations: { fr: { description: 'Vue \u2066sur\u2069 Rome' } } })
      .eq('id', roomId);
    expect(bidi.error?.message).toBe(`The translation fr.description ${MULTILINE_REFUSAL}`);

    // line breaks stay in multi-line texts
    const fine = await staff
      .from('rooms')
      .update({
        description: 'First line\r\nSecond line',
        translations: { it: { description: 'Riga uno\r\nRiga due' } },
      })
      .eq('id', roomId)
      .select('description, translations')
      .single();
    expect(fine.error).toBeNull();
    expect(fine.data?.description).toBe('First line\nSecond line');
    expect(fine.data?.translations).toEqual({ it: { description: 'Riga uno\nRiga due' } });

    const [review] = await sql<{ id: string }>('select id::text from public.reviews order by created_at limit 1');
    const reply = await staff.from('reviews').update({ host_reply: 'Thank you \u202Eevil' }).eq('id', review.id);
    expect(reply.error?.message).toBe(`Reply ${MULTILINE_REFUSAL}`);
  });

  it('a row written before the rules blocks neither a migration nor an unrelated update', async () => {
    const id = await oldRow(
      'public.rooms',
      `insert into public.rooms (name, room_number, room_type, status) values ($1, 'OLD-' || substr(md5(random()::text), 1, 6), 'single', 'maintenance')
       returning id::text`,
      [HEADER_INJECTION],
    );
    const update = await staff
      .from('rooms')
      .update({ status: 'available', price_per_night: 90 })
      .eq('id', id)
      .select('name')
      .single();
    expect(update.error).toBeNull();
    expect(update.data?.name).toBe(HEADER_INJECTION);
    await sql('delete from public.rooms where id = $1', [id]);
  });

  it('the review form refuses the name payloads and invisible characters in the comment', async () => {
    const { id } = await request('127.0.0.61');
    await sql(`update public.bookings set status = 'confirmed' where id = $1`, [id]);
    await sql(`update public.bookings set status = 'checked_in' where id = $1`, [id]);
    await sql(`update public.bookings set status = 'checked_out' where id = $1`, [id]);
    const token = await linkToken(id, 'review_request');
    const submit = (name: string, comment: string) =>
      asAnon('select public.submit_review($1, 5, $2, $3) as answer', [token, comment, name], '127.0.0.61');
    const comment = 'A lovely stay near the Colosseum, we would come back.';
    await expect(submit(HEADER_INJECTION, comment)).rejects.toThrow(`Your name ${ONE_LINE_REFUSAL}`);
    await expect(submit('Rita \u202ER.', comment)).rejects.toThrow(`Your name ${ONE_LINE_REFUSAL}`);
    await expect(submit('Rita R.', `${comment}\u200B`)).rejects.toThrow(`Your comment ${MULTILINE_REFUSAL}`);
    const [ok] = await submit('Rita R.', `${comment}\r\nThanks!`);
    expect(ok.answer).toEqual({ status: 'submitted' });
    const [row] = await sql<{ comment: string }>('select comment from public.reviews where booking_id = $1', [id]);
    expect(row.comment).toBe(`${comment}\nThanks!`);
  });
});
