-- A check-in a foreign guest can fill in (issue 41 §5).
--
-- Countries by their name in the guest's language: the police's "stati" table has Italian names
-- and 9-digit codes only. The one fact the server lacks is which ISO 3166-1 country each code is;
-- the names in every language come from the browser's CLDR data (Intl.DisplayNames), which maps
-- what the guest types ("Allemagne", "Germany") to ISO codes and sends them with the text
-- (src/lib/checkin/countries.ts). The server keeps the language-free mapping, as data:
-- public.alloggiati_stati_iso, one row per police code of a country that exists today (the
-- stateless "APOLIDE" and the ended Czechoslovakia, Bophuthatswana, Macedonia (old code) and
-- S. Vincent (old code) have none: they are still found by their Italian name). The mapping was
-- made once by matching the police names with the Italian CLDR names and checking the 43 that differ
-- ("FEDERAZIONE RUSSA" RU, "STATI UNITI D'AMERICA" US, "TIMOR" TL...) by hand. It is kept apart
-- from alloggiati_stati, which import_alloggiati_table replaces whole: the police codes are stable
-- (ISTAT's country codes), so a newer table keeps its countries' ISO codes.
--
-- Names, places and document numbers refuse control, bidi and zero-width characters with the rule
-- and message of every other text (private.assert_one_line_text), before anything is stored:
-- private.assert_checkin_texts at the door of both writers (the guest's link, the desk), and the
-- plain-text trigger on booking_guests behind them for any other path to the police file.

create table public.alloggiati_stati_iso (
  code text not null,
  iso_code text not null,
  created_at timestamptz not null default now(),
  constraint alloggiati_stati_iso_pkey primary key (code),
  constraint alloggiati_stati_iso_code_format check (code ~ '^[0-9]{9}$'),
  constraint alloggiati_stati_iso_iso_format check (iso_code ~ '^[A-Z]{2}$')
);
comment on table public.alloggiati_stati_iso is 'The ISO 3166-1 alpha-2 code of each police "stati" code of a country that exists today: the browser finds countries by their name in the guest''s language (Intl.DisplayNames) and search_checkin_places maps the ISO codes back.';
create index alloggiati_stati_iso_iso_idx on public.alloggiati_stati_iso (iso_code);

alter table public.alloggiati_stati_iso enable row level security;
revoke all on table public.alloggiati_stati_iso from public, anon, authenticated;
grant select on table public.alloggiati_stati_iso to authenticated;
grant all on table public.alloggiati_stati_iso to service_role;
create policy "staff read stati iso codes" on public.alloggiati_stati_iso
  for select to authenticated using ((select public.is_staff()));

insert into public.alloggiati_stati_iso (code, iso_code)
select split_part(l, ';', 1), split_part(l, ';', 2)
from regexp_split_to_table(btrim($rows$
100000100;IT
100000201;AL
100000202;AD
100000203;AT
100000206;BE
100000209;BG
100000212;DK
100000214;FI
100000215;FR
100000216;DE
100000219;GB
100000220;GR
100000221;IE
100000223;IS
100000225;LI
100000226;LU
100000227;MT
100000229;MC
100000231;NO
100000232;NL
100000233;PL
100000234;PT
100000235;RO
100000236;SM
100000239;ES
100000240;SE
100000241;CH
100000243;UA
100000244;HU
100000245;RU
100000246;VA
100000247;EE
100000248;LV
100000249;LT
100000250;HR
100000251;SI
100000252;BA
100000254;MD
100000255;SK
100000256;BY
100000257;CZ
100000301;AF
100000302;SA
100000304;BH
100000305;BD
100000306;BT
100000307;MM
100000309;BN
100000310;KH
100000311;LK
100000314;CN
100000315;CY
100000319;KP
100000320;KR
100000322;AE
100000323;PH
100000326;JP
100000327;JO
100000330;IN
100000331;ID
100000332;IR
100000333;IQ
100000334;IL
100000335;KW
100000336;LA
100000337;LB
100000339;MV
100000341;MN
100000342;NP
100000343;OM
100000344;PK
100000345;QA
100000346;SG
100000348;SY
100000349;TH
100000351;TR
100000353;VN
100000354;YE
100000356;KZ
100000357;UZ
100000358;AM
100000359;AZ
100000360;GE
100000361;KG
100000362;TJ
100000363;TW
100000364;TM
100000401;DZ
100000402;AO
100000404;CI
100000406;BJ
100000408;BW
100000409;BF
100000410;BI
100000411;CM
100000413;CV
100000414;CF
100000415;TD
100000417;KM
100000418;CG
100000419;EG
100000420;ET
100000421;GA
100000422;GM
100000423;GH
100000424;DJ
100000425;GN
100000426;GW
100000427;GQ
100000428;KE
100000429;LS
100000430;LR
100000431;LY
100000432;MG
100000434;MW
100000435;ML
100000436;MA
100000437;MR
100000438;MU
100000440;MZ
100000441;NA
100000442;NE
100000443;NG
100000446;RW
100000448;ST
100000449;SC
100000450;SN
100000451;SL
100000453;SO
100000454;ZA
100000455;SD
100000456;SZ
100000457;TZ
100000458;TG
100000460;TN
100000461;UG
100000464;ZM
100000465;ZW
100000466;ER
100000467;SS
100000503;AG
100000505;BS
100000506;BB
100000507;BZ
100000509;CA
100000513;CR
100000514;CU
100000515;DM
100000516;DO
100000517;SV
100000518;JM
100000519;GD
100000523;GT
100000524;HT
100000525;HN
100000527;MX
100000529;NI
100000530;PA
100000532;LC
100000534;KN
100000536;US
100000602;AR
100000604;BO
100000605;BR
100000606;CL
100000608;CO
100000609;EC
100000612;GY
100000614;PY
100000615;PE
100000616;SR
100000617;TT
100000618;UY
100000619;VE
100000701;AU
100000703;FJ
100000708;KI
100000715;NR
100000719;NZ
100000721;PG
100000725;SB
100000727;WS
100000730;TO
100000731;TV
100000732;VU
100000733;AI
100000739;BM
100000742;KY
100000743;CX
100000746;CC
100000755;FO
100000758;GL
100000759;GP
100000760;GU
100000761;GF
100000764;VI
100000765;RE
100000767;MY
100000768;FK
100000769;IM
100000772;MH
100000773;MQ
100000774;YT
100000775;FM
100000777;MS
100000778;NF
100000780;NC
100000783;PW
100000786;PN
100000787;PF
100000790;PR
100000795;EH
100000796;PM
100000797;VC
100000798;AS
100000799;SH
100000805;TL
100000806;TK
100000810;TC
100000812;VG
100000815;WF
100000997;MK
100000998;CD
100001000;RS
100001001;ME
100001002;XK
110000001;PS
110000003;MO
110000005;HK
110000014;GG
110000022;GS
$rows$, E'\n'), E'\n') l;

-- ---------------------------------------------------------------- the look-ups

-- A place as the guest's form shows it: with its ISO code when it is a country.
alter type public.checkin_place add attribute iso_code text;

create or replace function private.place_json(p_code text)
returns jsonb language sql stable security definer set search_path to '' as $$
  select case when p_code is null then null else coalesce(
    (select jsonb_build_object('code', c.code, 'name', c.name, 'province', c.province, 'kind', 'comune',
       'iso_code', null)
     from public.alloggiati_comuni c where c.code = p_code),
    (select jsonb_build_object('code', s.code, 'name', s.name, 'province', null, 'kind', 'stato',
       'iso_code', (select i.iso_code from public.alloggiati_stati_iso i where i.code = s.code))
     from public.alloggiati_stati s where s.code = p_code),
    jsonb_build_object('code', p_code, 'name', null, 'province', null, 'kind', null, 'iso_code', null)
  ) end
$$;

-- The answer gains a column and the call a parameter: a new signature, so the old one goes.
drop function public.search_checkin_places(text, text, text, text);

create function public.search_checkin_places(
  p_kind text, p_query text, p_reference text default null, p_token text default null,
  p_iso_codes text[] default null)
returns table (code text, name text, province text, kind text, ended_on date, iso_code text)
language plpgsql security definer set search_path to '' as $$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_iso text[];
  v_client text;
begin
  if not public.is_staff() then
    v_client := private.request_client_key();
    perform private.link_attempts_guard(v_client);
    if (private.checkin_link_booking(p_reference, p_token)).id is null then
      perform private.link_attempt_missed(v_client);
      return;
    end if;
    -- a right link may search as the guest types, within reason
    perform private.review_rate_limit('checkin_search', 600, interval '10 minutes');
  end if;
  -- the typed text follows the rule of every text (and an invisible character would match nothing)
  perform private.assert_one_line_text(p_query, 'Place');
  if char_length(v_query) < 2 or char_length(v_query) > 60 or p_kind not in ('comune', 'stato', 'place') then
    return;
  end if;
  -- the countries whose name in the guest's language matched, best first (at most 30, ISO codes only)
  v_iso := array(select u.c from unnest(coalesce(p_iso_codes, '{}')) with ordinality u(c, n)
    where u.c ~ '^[A-Z]{2}$' order by u.n limit 30);
  return query
  select t.code, t.name, t.province, t.kind, t.ended_on, t.iso_code
  from (
    select c.code, c.name, c.province, 'comune'::text as kind, c.ended_on, null::text as iso_code
    from public.alloggiati_comuni c
    where p_kind in ('comune', 'place') and lower(c.name) like '%' || private.like_pattern(v_query) || '%'
    union all
    select s.code, s.name, null, 'stato', s.ended_on, i.iso_code
    from public.alloggiati_stati s
    left join public.alloggiati_stati_iso i on i.code = s.code
    where p_kind in ('stato', 'place')
      and (lower(s.name) like '%' || private.like_pattern(v_query) || '%' or i.iso_code = any (v_iso))
  ) t
  order by (lower(t.name) = v_query) desc,
    coalesce(array_position(v_iso, t.iso_code), 1000),
    (lower(t.name) like private.like_pattern(v_query) || '%') desc,
    (t.ended_on is null) desc, t.name, t.code
  limit 20;
end
$$;
comment on function public.search_checkin_places(text, text, text, text, text[]) is 'The check-in''s place pickers (a guest with their link, or staff): comuni by their Italian name with the province, countries by their Italian police name or by the ISO codes the browser found for the name typed in the guest''s language (p_iso_codes, best first).';
revoke all on function public.search_checkin_places(text, text, text, text, text[]) from public;
grant execute on function public.search_checkin_places(text, text, text, text, text[]) to anon, authenticated;

-- ---------------------------------------------------------------- the texts

-- Names: letters of any alphabet, and none of the characters no text may hold.
create or replace function private.checkin_name_valid(p_name text)
returns boolean language sql immutable set search_path to '' as $$
  -- letters of any alphabet, spaces, apostrophes, hyphens and dots; no digits or symbols
  select p_name !~ '[0-9[:cntrl:]<>{}\[\]()@#$%&*_=+|\\/:;"!?~^`,]'
    and p_name ~ '[A-Za-z\u00C0-\uFFFF]'
    and not private.text_problem(p_name, false)
$$;

-- The texts of a check-in payload, through the rule of every text (its refusal: 23514,
-- text_not_allowed, naming the field). Not an array of objects: left to save_booking_guests.
create function private.assert_checkin_texts(p_guests jsonb)
returns void language plpgsql immutable set search_path to '' as $$
declare
  v_item jsonb;
  v_field text;
  v_labels constant text[][] := array[
    array['surname', 'Surname'], array['given_names', 'Given names'], array['document_number', 'Document number'],
    array['birth_state_code', 'Country of birth'], array['birth_comune_code', 'Comune of birth'],
    array['citizenship_code', 'Citizenship'], array['residence_state_code', 'Country of residence'],
    array['residence_comune_code', 'Comune of residence'], array['document_type_code', 'Identity document'],
    array['document_issue_place_code', 'Place of issue']];
begin
  if p_guests is null or jsonb_typeof(p_guests) <> 'array' then
    return;
  end if;
  for v_item in select e from jsonb_array_elements(p_guests) e loop
    continue when jsonb_typeof(v_item) <> 'object';
    for i in 1 .. array_length(v_labels, 1) loop
      v_field := v_labels[i][1];
      if jsonb_typeof(v_item -> v_field) = 'string' then
        perform private.assert_one_line_text(v_item ->> v_field, v_labels[i][2]);
      end if;
    end loop;
  end loop;
end
$$;
revoke all on function private.assert_checkin_texts(jsonb) from public, anon, authenticated;

create or replace function public.save_checkin_by_link(p_reference text, p_token text, p_guests jsonb)
returns jsonb language plpgsql security definer set search_path to '' as $$
declare
  v_client text := private.request_client_key();
  v_booking public.bookings;
begin
  perform private.link_attempts_guard(v_client);
  v_booking := private.checkin_link_booking(p_reference, p_token);
  if v_booking.id is null then
    -- an answer (400, PostgREST's error shape), not a raise: the wrong link stays counted
    perform private.link_attempt_missed(v_client);
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if not private.checkin_editable(v_booking) then
    raise exception 'Online check-in is closed for this stay. Please see us at the desk.'
      using errcode = 'P0001', hint = 'checkin_closed';
  end if;
  perform private.assert_checkin_texts(p_guests);
  perform private.save_booking_guests(v_booking, p_guests, 'guest');
  return private.checkin_view(v_booking);
end
$$;

create or replace function public.staff_save_booking_guests(p_booking_id uuid, p_guests jsonb)
returns void language plpgsql security definer set search_path to '' as $$
declare
  v_booking public.bookings;
begin
  perform private.require_staff('change guests'' details');
  perform private.require_aal2();
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'PT404', hint = 'booking_not_found';
  end if;
  if v_booking.status not in ('confirmed', 'checked_in') then
    raise exception 'Guests can be entered for confirmed or checked-in stays only.' using errcode = 'P0001';
  end if;
  perform private.assert_checkin_texts(p_guests);
  perform private.save_booking_guests(v_booking, p_guests, 'staff');
  perform private.audit_identity_read(array[v_booking.id], 'desk correction');
end
$$;

-- Behind both: no path writes such a character into a guest's row (the police file's source).
create trigger guard_plain_texts before insert or update on public.booking_guests
  for each row execute function private.guard_plain_texts(
    'surname:line:Surname', 'given_names:line:Given names', 'document_number:line:Document number');
