-- Enums, tables, constraints and indexes for the guest house.
-- Row-level security, grants, triggers and functions come in the following migrations.
-- Conventions: every table has id uuid (site_content: key), created_at and updated_at
-- (kept by the triggers of 20261120100100_table_rules.sql).

-- Internal schema: never exposed through PostgREST, no privileges for the API roles.
create schema if not exists private;
revoke all on schema private from public;

-- ---------------------------------------------------------------- enums
create type public.app_role as enum ('guest', 'staff', 'admin');
create type public.room_type as enum ('single', 'twin', 'deluxe', 'suite', 'classic', 'elegant', 'romantic', 'presidential');
create type public.room_status as enum ('available', 'occupied', 'maintenance', 'out_of_order');
create type public.booking_status as enum ('pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled');
create type public.security_severity as enum ('low', 'medium', 'high', 'critical');
create type public.alert_status as enum ('active', 'resolved', 'dismissed');

-- ---------------------------------------------------------------- rooms
create table public.rooms (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint rooms_name_not_blank check (char_length(btrim(name)) between 1 and 100),
  room_number text not null constraint rooms_room_number_key unique
    constraint rooms_room_number_not_blank check (char_length(btrim(room_number)) between 1 and 20),
  room_type public.room_type not null,
  status public.room_status not null default 'available',
  description text,
  price_per_night numeric(10, 2) not null default 0 constraint rooms_price_not_negative check (price_per_night >= 0),
  max_guests integer not null default 2 constraint rooms_max_guests_range check (max_guests between 1 and 8),
  beds integer not null default 1 constraint rooms_beds_positive check (beds >= 1),
  bathrooms integer not null default 1 constraint rooms_bathrooms_positive check (bathrooms >= 1),
  amenities text[] not null default '{}' constraint rooms_amenities_no_nulls check (array_position(amenities, null) is null),
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.rooms is 'Guest rooms. Public read; staff write.';
-- Rooms list (order by name); booking form (status = available order by price); admin list uses the unique room_number index.
create index rooms_name_idx on public.rooms (name);
create index rooms_status_price_idx on public.rooms (status, price_per_night);

-- ---------------------------------------------------------------- room images
create table public.room_images (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rooms (id) on delete cascade,
  image_url text not null constraint room_images_url_not_blank check (btrim(image_url) <> ''),
  alt_text text,
  display_order integer not null default 0 constraint room_images_display_order_not_negative check (display_order >= 0),
  is_primary boolean not null default false,
  -- keep the image when the uploader's account goes away
  uploaded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.room_images is 'Room gallery. Exactly one primary image per room (triggers + partial unique index).';
create index room_images_room_id_display_order_idx on public.room_images (room_id, display_order);
create unique index room_images_one_primary_per_room_idx on public.room_images (room_id) where is_primary;
create index room_images_uploaded_by_idx on public.room_images (uploaded_by);

-- ---------------------------------------------------------------- promo codes
create table public.room_promo_codes (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rooms (id) on delete cascade,
  promo_code text not null
    constraint room_promo_codes_code_format check (promo_code = upper(btrim(promo_code)) and char_length(promo_code) between 1 and 50),
  discount_percentage integer not null default 15
    constraint room_promo_codes_discount_range check (discount_percentage between 1 and 100),
  is_active boolean not null default true,
  valid_from date,
  valid_until date,
  max_uses integer constraint room_promo_codes_max_uses_positive check (max_uses is null or max_uses >= 1),
  current_uses integer not null default 0 constraint room_promo_codes_current_uses_not_negative check (current_uses >= 0),
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint room_promo_codes_valid_range check (valid_from is null or valid_until is null or valid_until >= valid_from),
  constraint room_promo_codes_room_code_key unique (room_id, promo_code)
);
comment on table public.room_promo_codes is 'Promo codes; each belongs to one room. Stored upper-case (trigger). Public sees active codes only.';
-- admin dialog: by room, newest first
create index room_promo_codes_room_created_idx on public.room_promo_codes (room_id, created_at desc);
-- room card badges: by room where active, highest discount first
create index room_promo_codes_room_discount_idx on public.room_promo_codes (room_id, discount_percentage desc) where is_active;
-- promo lookup by code
create index room_promo_codes_code_idx on public.room_promo_codes (promo_code);
-- hero: active with valid_until >= today
create index room_promo_codes_active_valid_until_idx on public.room_promo_codes (valid_until) where is_active;

-- ---------------------------------------------------------------- amenities
create table public.amenities (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint amenities_name_not_blank check (char_length(btrim(name)) between 1 and 100),
  description text,
  icon_name text not null default 'Home',
  category text not null default 'general'
    constraint amenities_category_known check (category in ('connectivity', 'convenience', 'dining', 'location', 'security',
      'service', 'room', 'entertainment', 'comfort', 'facility', 'general')),
  is_active boolean not null default true,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.amenities is 'Hotel amenities. Public sees active ones only.';
create index amenities_active_order_idx on public.amenities (display_order, name) where is_active;
create index amenities_category_order_idx on public.amenities (category, display_order, name);

-- ---------------------------------------------------------------- services
create table public.services (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint services_name_not_blank check (char_length(btrim(name)) between 1 and 100),
  description text,
  price numeric(10, 2) not null default 0 constraint services_price_not_negative check (price >= 0),
  category text not null default 'general'
    constraint services_category_known check (category in ('transport', 'dining', 'housekeeping', 'wellness', 'experience',
      'accommodation', 'general')),
  duration_minutes integer not null default 60 constraint services_duration_not_negative check (duration_minutes >= 0),
  available boolean not null default true,
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.services is 'Bookable extra services. Public sees available ones only.';
create index services_category_name_idx on public.services (category, name);

-- ---------------------------------------------------------------- reviews
create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  guest_name text not null constraint reviews_guest_name_not_blank check (char_length(btrim(guest_name)) between 1 and 100),
  guest_location text,
  rating integer not null constraint reviews_rating_range check (rating between 1 and 5),
  comment text not null constraint reviews_comment_not_blank check (btrim(comment) <> ''),
  review_date date not null default current_date,
  approved boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.reviews is 'Guest reviews. Public sees approved ones only.';
create index reviews_approved_created_idx on public.reviews (created_at desc) where approved;
create index reviews_created_idx on public.reviews (created_at desc);

-- ---------------------------------------------------------------- bookings
create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  -- short human code, generated by trigger when not given
  reference text not null constraint bookings_reference_key unique
    constraint bookings_reference_format check (reference ~ '^CG-[0-9A-Z]{6}$'),
  -- bookings are business records: a room with bookings cannot be deleted
  room_id uuid not null references public.rooms (id) on delete restrict,
  guest_name text not null constraint bookings_guest_name_not_blank check (char_length(btrim(guest_name)) between 1 and 100),
  guest_email text not null constraint bookings_guest_email_format check (char_length(guest_email) <= 254 and guest_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  guest_phone text constraint bookings_guest_phone_length check (guest_phone is null or char_length(guest_phone) <= 20),
  check_in_date date not null,
  check_out_date date not null,
  guests integer not null default 2 constraint bookings_guests_range check (guests between 1 and 8),
  total_amount numeric(10, 2) not null default 0 constraint bookings_total_not_negative check (total_amount >= 0),
  discount_amount numeric(10, 2) not null default 0 constraint bookings_discount_not_negative check (discount_amount >= 0),
  promo_code text,
  status public.booking_status not null default 'pending',
  special_requests text constraint bookings_special_requests_length check (special_requests is null or char_length(special_requests) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_dates_order check (check_out_date > check_in_date)
);
comment on table public.bookings is 'Stay requests and bookings. Created through request_booking(); staff change status along the allowed transitions.';
create index bookings_room_dates_idx on public.bookings (room_id, check_in_date, check_out_date);
create index bookings_created_idx on public.bookings (created_at desc);
create index bookings_status_idx on public.bookings (status);

-- ---------------------------------------------------------------- site content
create table public.site_content (
  key text primary key constraint site_content_key_format check (key ~ '^[a-z][a-z0-9_]{0,99}$'),
  value text not null default '',
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.site_content is 'Editable website texts by key (hero_, rooms_, location_, reviews_, booking_, contact_).';

-- ---------------------------------------------------------------- profiles and roles
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint profiles_user_id_key unique references auth.users (id) on delete cascade,
  email text,
  name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One profile per account, created by trigger on auth.users.';
create index profiles_created_idx on public.profiles (created_at desc);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_roles_user_role_key unique (user_id, role)
);
comment on table public.user_roles is 'Roles per account. Changed only by admins (set_user_role); nobody changes their own; the last admin stays.';
create index user_roles_role_idx on public.user_roles (role);

-- ---------------------------------------------------------------- contact messages
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_messages_name_not_blank check (char_length(btrim(name)) between 1 and 100),
  email text not null constraint contact_messages_email_format check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text constraint contact_messages_phone_length check (phone is null or char_length(phone) <= 30),
  message text not null constraint contact_messages_message_length check (char_length(btrim(message)) between 1 and 5000),
  email_status text not null default 'pending' constraint contact_messages_email_status_known check (email_status in ('pending', 'sent', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.contact_messages is 'Contact form messages, stored by the send-contact-email function before any e-mail is attempted.';
create index contact_messages_created_idx on public.contact_messages (created_at desc);

-- ---------------------------------------------------------------- security
create table public.security_logs (
  id uuid primary key default gen_random_uuid(),
  event_type text not null constraint security_logs_event_type_not_blank check (char_length(btrim(event_type)) between 1 and 100),
  severity public.security_severity not null default 'low',
  risk_score integer not null default 0 constraint security_logs_risk_range check (risk_score between 0 and 10),
  description text not null,
  -- no foreign key: logs outlive accounts
  user_id uuid,
  ip_address text,
  user_agent text,
  session_id text,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.security_logs is 'Security events written by the security-logger function. Admin read only.';
create index security_logs_created_idx on public.security_logs (created_at desc);
create index security_logs_severity_created_idx on public.security_logs (severity, created_at desc);
create index security_logs_event_type_created_idx on public.security_logs (event_type, created_at desc);

create table public.security_alerts (
  id uuid primary key default gen_random_uuid(),
  alert_type text not null default 'security',
  severity public.security_severity not null default 'medium',
  status public.alert_status not null default 'active',
  description text not null,
  ip_address text,
  metadata jsonb,
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint security_alerts_resolved_has_time check (status <> 'resolved' or resolved_at is not null)
);
comment on table public.security_alerts is 'Security alerts. Admin read; admin resolves (status, resolved_at).';
create index security_alerts_created_idx on public.security_alerts (created_at desc);
create index security_alerts_resolved_by_idx on public.security_alerts (resolved_by);

create table public.audit_logs (
  id uuid primary key default gen_random_uuid(),
  action text not null constraint audit_logs_action_known check (action in ('INSERT', 'UPDATE', 'DELETE')),
  table_name text not null,
  record_id text,
  -- no foreign key: the trail outlives accounts
  user_id uuid,
  old_values jsonb,
  new_values jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.audit_logs is 'Audit trail written by trigger on staff-managed tables. Admin read only.';
create index audit_logs_created_idx on public.audit_logs (created_at desc);
