-- Online check-in and the police report (issue 34, sections 1-3): the schema.
--
-- * The Alloggiati Web code tables, named as the portal's own tables (comuni, stati, documenti,
--   tipi alloggiato): public.alloggiati_comuni, alloggiati_stati, alloggiati_documenti,
--   alloggiati_tipi; the province -> region list (ISTAT needs the region of residents) in
--   public.italian_provinces; each import's outcome in public.alloggiati_imports. Staff read them;
--   admins replace them only through import_alloggiati_table() (a later migration). A guest reaches
--   them only through its link's search function. No foreign keys from the guests to the codes:
--   an import may drop a code, and the police file's check names such a guest instead.
-- * The guests of a stay: public.booking_guests. The most sensitive data the house holds: no role
--   of the API has any privilege on the table; staff read it only through functions that write a
--   'READ' entry to the audit trail, a guest only through its private link's functions. Changes
--   are audited with the names of the changed columns, never their values (document numbers must
--   not be copied into the trail).
-- * The check-in of a stay (when, by whom) in public.booking_check_ins; the police files marked as
--   filed in public.police_filings (the guests a filing covered point at it).
-- * The identity-data settings in public.checkin_settings: document numbers are erased
--   document_retention_days after departure (default 30).

-- ---------------------------------------------------------------- the audit trail learns 'READ'
alter table public.audit_logs drop constraint audit_logs_action_known;
alter table public.audit_logs add constraint audit_logs_action_known
  check (action in ('INSERT', 'UPDATE', 'DELETE', 'READ'));
comment on column public.audit_logs.action is
  'INSERT, UPDATE, DELETE (row changes) or READ (a staff read of guests'' identity data: what and why, never the data).';

-- ---------------------------------------------------------------- code tables
create table public.alloggiati_comuni (
  code text primary key constraint alloggiati_comuni_code_format check (code ~ '^[0-9]{9}$'),
  name text not null constraint alloggiati_comuni_name_length check (char_length(name) between 1 and 100),
  province text not null constraint alloggiati_comuni_province_format check (province ~ '^[A-Z]{2}$'),
  -- from public.italian_provinces at import; null for a province no longer in that list
  region text,
  -- the portal's DataFineVal: the comune ceased to exist on that day (kept for births before it)
  ended_on date,
  created_at timestamptz not null default now()
);
comment on table public.alloggiati_comuni is
  'Alloggiati Web "comuni" table: 9-digit code, name, province, end of validity; region added from italian_provinces.';
create index alloggiati_comuni_name_idx on public.alloggiati_comuni (lower(name));
create index alloggiati_comuni_province_idx on public.alloggiati_comuni (province);

create table public.alloggiati_stati (
  code text primary key constraint alloggiati_stati_code_format check (code ~ '^[0-9]{9}$'),
  name text not null constraint alloggiati_stati_name_length check (char_length(name) between 1 and 100),
  ended_on date,
  created_at timestamptz not null default now()
);
comment on table public.alloggiati_stati is
  'Alloggiati Web "stati" table: 9-digit code (Italia 100000100), name, end of validity.';
create index alloggiati_stati_name_idx on public.alloggiati_stati (lower(name));

create table public.alloggiati_documenti (
  code text primary key constraint alloggiati_documenti_code_format check (code ~ '^[A-Z0-9]{1,5}$'),
  name text not null constraint alloggiati_documenti_name_length check (char_length(name) between 1 and 100),
  created_at timestamptz not null default now()
);
comment on table public.alloggiati_documenti is 'Alloggiati Web "documenti" table: code (up to 5 characters), name.';

create table public.alloggiati_tipi (
  code smallint primary key constraint alloggiati_tipi_code_range check (code between 16 and 20),
  name text not null
);
comment on table public.alloggiati_tipi is
  'Alloggiati Web "tipo alloggiato": 16 ospite singolo, 17 capo famiglia, 18 capo gruppo, 19 familiare, 20 membro gruppo.';
insert into public.alloggiati_tipi (code, name) values
  (16, 'OSPITE SINGOLO'),
  (17, 'CAPO FAMIGLIA'),
  (18, 'CAPO GRUPPO'),
  (19, 'FAMILIARE'),
  (20, 'MEMBRO GRUPPO');

create table public.italian_provinces (
  code text primary key constraint italian_provinces_code_format check (code ~ '^[A-Z]{2}$'),
  name text not null,
  region text not null
);
comment on table public.italian_provinces is
  'Italian provinces (sigla) and their region, for the ISTAT figures of residents (ISTAT''s list of territorial units).';

create table public.alloggiati_imports (
  id uuid primary key default gen_random_uuid(),
  table_name text not null constraint alloggiati_imports_table_known
    check (table_name in ('comuni', 'stati', 'documenti')),
  file_name text constraint alloggiati_imports_file_name_length check (char_length(file_name) <= 200),
  rows_read integer not null,
  rows_rejected integer not null,
  -- the first rejected rows: {line, reason}
  rejected jsonb not null default '[]'::jsonb,
  succeeded boolean not null,
  imported_by uuid,
  created_at timestamptz not null default now()
);
comment on table public.alloggiati_imports is
  'Each import of an Alloggiati Web code table: rows read and rejected, whether it replaced the table.';
create index alloggiati_imports_created_idx on public.alloggiati_imports (table_name, created_at desc);

-- ---------------------------------------------------------------- settings
create table public.checkin_settings (
  singleton boolean primary key default true constraint checkin_settings_singleton check (singleton),
  -- identity document numbers are erased this many days after the stay's departure
  document_retention_days integer not null default 30
    constraint checkin_settings_document_retention_range check (document_retention_days between 1 and 365),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.checkin_settings is
  'One row: how many days after departure identity document numbers are erased. Staff read, admins change.';
insert into public.checkin_settings default values;

create or replace function private.checkin_settings()
returns public.checkin_settings
language sql
stable
security definer
set search_path = ''
as $$
  select s from public.checkin_settings s where s.singleton
$$;

-- ---------------------------------------------------------------- the guests of a stay
create table public.booking_guests (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- the order on the form and in the police file (a head before its members)
  position smallint not null constraint booking_guests_position_range check (position between 1 and 50),
  -- the portal's tipo alloggiato: 16 single guest, 17 head of family, 18 head of group,
  -- 19 family member, 20 group member
  guest_type smallint constraint booking_guests_type_range check (guest_type between 16 and 20),
  surname text constraint booking_guests_surname_length check (char_length(surname) between 1 and 100),
  given_names text constraint booking_guests_given_names_length check (char_length(given_names) between 1 and 100),
  sex text constraint booking_guests_sex_known check (sex in ('M', 'F')),
  birth_date date,
  -- an Italian comune (its province copied from the table) when born in Italy
  birth_comune_code text constraint booking_guests_birth_comune_format check (birth_comune_code ~ '^[0-9]{9}$'),
  birth_province text constraint booking_guests_birth_province_format check (birth_province ~ '^[A-Z]{2}$'),
  -- the state of birth, Italia (100000100) for those born in Italy
  birth_state_code text constraint booking_guests_birth_state_format check (birth_state_code ~ '^[0-9]{9}$'),
  citizenship_code text constraint booking_guests_citizenship_format check (citizenship_code ~ '^[0-9]{9}$'),
  residence_state_code text constraint booking_guests_residence_state_format check (residence_state_code ~ '^[0-9]{9}$'),
  -- the comune, for residents of Italy (ISTAT)
  residence_comune_code text constraint booking_guests_residence_comune_format check (residence_comune_code ~ '^[0-9]{9}$'),
  -- the identity document: heads of family or group and single guests only
  document_type_code text constraint booking_guests_document_type_format check (document_type_code ~ '^[A-Z0-9]{1,5}$'),
  document_number text constraint booking_guests_document_number_format check (document_number ~ '^[A-Z0-9]{2,20}$'),
  -- a comune or a state code
  document_issue_place_code text constraint booking_guests_document_place_format check (document_issue_place_code ~ '^[0-9]{9}$'),
  -- set when the erasure job removed the number (the stay ended long enough ago)
  document_number_erased_at timestamptz,
  -- "identity verified in person" (de visu) at the desk
  verified_at timestamptz,
  verified_by uuid,
  -- the police filing that reported this guest
  police_filing_id uuid,
  -- who last changed the row: 'guest' (the private link) or 'staff'
  updated_source text not null default 'guest' constraint booking_guests_source_known check (updated_source in ('guest', 'staff')),
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_guests_position_key unique (booking_id, position) deferrable initially deferred,
  constraint booking_guests_verified_pair check ((verified_at is null) = (verified_by is null)),
  constraint booking_guests_members_no_document check (
    guest_type is null or guest_type not in (19, 20)
    or (document_type_code is null and document_number is null and document_issue_place_code is null)
  )
);
comment on table public.booking_guests is
  'Identity data of the guests of a stay (check-in). No API privilege: staff read through audited functions, '
  'a guest through its private link. Document numbers erased after departure (checkin_settings).';
create index booking_guests_booking_idx on public.booking_guests (booking_id, position);
create index booking_guests_unreported_idx on public.booking_guests (booking_id) where police_filing_id is null;
create index booking_guests_document_number_idx on public.booking_guests (booking_id) where document_number is not null;

create trigger set_timestamps before insert or update on public.booking_guests
  for each row execute function private.set_timestamps();

-- Changes go to the audit trail with the names of the changed columns only.
create or replace function private.audit_booking_guest_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'updated_at' - 'created_at' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'updated_at' - 'created_at' end;
  v_changed text[];
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(k order by k), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_new -> k is distinct from v_old -> k;
    if cardinality(v_changed) = 0 then
      return null;
    end if;
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values)
  values (
    tg_op, tg_table_name, coalesce(new.id, old.id)::text, auth.uid(),
    case when tg_op <> 'INSERT' then jsonb_build_object('booking_id', old.booking_id) end,
    case when tg_op <> 'DELETE' then jsonb_build_object(
      'booking_id', new.booking_id,
      'changed', to_jsonb(coalesce(v_changed, array(select k from jsonb_object_keys(v_new) k where v_new ->> k is not null order by k))),
      'source', new.updated_source
    ) end
  );
  return null;
end
$$;
create trigger audit_row_change after insert or update or delete on public.booking_guests
  for each row execute function private.audit_booking_guest_change();

alter table public.booking_guests enable row level security;
revoke all on table public.booking_guests from public, anon, authenticated, service_role;

-- A staff read of identity data: one audit entry per booking read, with the purpose.
create or replace function private.audit_identity_read(p_booking_ids uuid[], p_purpose text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  select 'READ', 'booking_guests', b, auth.uid(),
    jsonb_build_object('purpose', p_purpose, 'guests',
      (select count(*) from public.booking_guests g where g.booking_id = b))
  from unnest(coalesce(p_booking_ids, '{}')) b
$$;
comment on function private.audit_identity_read(uuid[], text) is
  'Writes a READ audit entry per booking whose guests'' identity data a staff function returns (purpose, guest count).';

-- ---------------------------------------------------------------- the check-in of a stay
create table public.booking_check_ins (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  checked_in_at timestamptz not null,
  checked_in_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.booking_check_ins is
  'When and by whom a stay was checked in at the desk: the police report''s deadline counts from checked_in_at.';
create index booking_check_ins_at_idx on public.booking_check_ins (checked_in_at);

create trigger set_timestamps before insert or update on public.booking_check_ins
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.booking_check_ins
  for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- police files marked as filed
create table public.police_filings (
  id uuid primary key default gen_random_uuid(),
  -- the day of arrival the file covers
  arrival_day date not null,
  guest_count integer not null constraint police_filings_guest_count_positive check (guest_count > 0),
  filed_by uuid not null,
  filed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.police_filings is
  'A day''s police file (Alloggiati Web) that staff uploaded to the portal and marked as filed: who and when.';
create index police_filings_day_idx on public.police_filings (arrival_day);
alter table public.booking_guests add constraint booking_guests_police_filing_fkey
  foreign key (police_filing_id) references public.police_filings (id) on delete restrict;
create index booking_guests_police_filing_idx on public.booking_guests (police_filing_id);

create trigger set_timestamps before insert or update on public.police_filings
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.police_filings
  for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- what a guest row still lacks
-- The keys of the fields the police file needs and the row lacks, in form order. Codes are
-- checked against the current tables by the police file's check, not here.
create or replace function private.booking_guest_missing(g public.booking_guests)
returns text[]
language sql
stable
set search_path = ''
as $$
  select array_remove(array[
    case when g.guest_type is null then 'guest_type' end,
    case when g.surname is null then 'surname' end,
    case when g.given_names is null then 'given_names' end,
    case when g.sex is null then 'sex' end,
    case when g.birth_date is null then 'birth_date' end,
    case when g.birth_state_code is null then 'birth_state' end,
    case when g.birth_state_code = '100000100' and g.birth_comune_code is null then 'birth_comune' end,
    case when g.citizenship_code is null then 'citizenship' end,
    case when g.residence_state_code is null then 'residence_state' end,
    case when g.residence_state_code = '100000100' and g.residence_comune_code is null then 'residence_comune' end,
    case when coalesce(g.guest_type, 16) in (16, 17, 18) and g.document_type_code is null then 'document_type' end,
    case when coalesce(g.guest_type, 16) in (16, 17, 18) and g.document_number is null
      and g.document_number_erased_at is null then 'document_number' end,
    case when coalesce(g.guest_type, 16) in (16, 17, 18) and g.document_issue_place_code is null then 'document_issue_place' end
  ], null)
$$;
comment on function private.booking_guest_missing(public.booking_guests) is
  'Keys of the police-file fields a guest row lacks (guest_type, surname, ..., document_issue_place).';

-- ---------------------------------------------------------------- RLS and grants
alter table public.alloggiati_comuni enable row level security;
alter table public.alloggiati_stati enable row level security;
alter table public.alloggiati_documenti enable row level security;
alter table public.alloggiati_tipi enable row level security;
alter table public.italian_provinces enable row level security;
alter table public.alloggiati_imports enable row level security;
alter table public.checkin_settings enable row level security;
alter table public.booking_check_ins enable row level security;
alter table public.police_filings enable row level security;

revoke all on table
  public.alloggiati_comuni, public.alloggiati_stati, public.alloggiati_documenti, public.alloggiati_tipi,
  public.italian_provinces, public.alloggiati_imports, public.checkin_settings, public.booking_check_ins,
  public.police_filings
from public, anon, authenticated;

-- staff read the code tables, the import log, the check-ins and the filings; every write goes
-- through a function
grant select on table
  public.alloggiati_comuni, public.alloggiati_stati, public.alloggiati_documenti, public.alloggiati_tipi,
  public.italian_provinces, public.alloggiati_imports, public.checkin_settings, public.booking_check_ins,
  public.police_filings
to authenticated;
grant update (document_retention_days) on table public.checkin_settings to authenticated;
grant all on table
  public.alloggiati_comuni, public.alloggiati_stati, public.alloggiati_documenti, public.alloggiati_tipi,
  public.italian_provinces, public.alloggiati_imports, public.checkin_settings, public.booking_check_ins,
  public.police_filings
to service_role;

create policy "staff read comuni" on public.alloggiati_comuni
  for select to authenticated using ((select public.is_staff()));
create policy "staff read stati" on public.alloggiati_stati
  for select to authenticated using ((select public.is_staff()));
create policy "staff read documenti" on public.alloggiati_documenti
  for select to authenticated using ((select public.is_staff()));
create policy "staff read tipi alloggiato" on public.alloggiati_tipi
  for select to authenticated using ((select public.is_staff()));
create policy "staff read provinces" on public.italian_provinces
  for select to authenticated using ((select public.is_staff()));
create policy "staff read code imports" on public.alloggiati_imports
  for select to authenticated using ((select public.is_staff()));
create policy "staff read check-in settings" on public.checkin_settings
  for select to authenticated using ((select public.is_staff()));
create policy "admins change check-in settings" on public.checkin_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "staff read check-ins" on public.booking_check_ins
  for select to authenticated using ((select public.is_staff()));
create policy "staff read police filings" on public.police_filings
  for select to authenticated using ((select public.is_staff()));

create trigger audit_row_change after insert or update or delete on public.checkin_settings
  for each row execute function private.audit_row_change();
create trigger set_timestamps before insert or update on public.checkin_settings
  for each row execute function private.set_timestamps();

revoke execute on function
  private.checkin_settings(),
  private.audit_booking_guest_change(),
  private.audit_identity_read(uuid[], text),
  private.booking_guest_missing(public.booking_guests)
from public, anon, authenticated;
