// Which file of supabase/schema/ holds an object. The rule: the first area whose pattern matches
// the object's name (without its schema) holds it; a table's columns, constraints, indexes,
// policies, triggers and grants go with the table, a function's grants with the function.
// Objects no area claims land in other.sql: give them an area here.

export interface Area {
  file: string;
  about: string;
  pattern: RegExp;
}

export const AREAS: Area[] = [
  {
    file: 'design.sql',
    about: 'the Visual Designer: draft, published and saved versions, favourites, validation',
    pattern: /design/,
  },
  {
    file: 'webhooks.sql',
    about: 'outgoing webhooks and the deploy hook: endpoints, secrets, deliveries, site rebuilds',
    pattern: /webhook|deploy_hook|site_rebuild|mask_url|hook_host|address_kind/,
  },
  {
    file: 'channels.sql',
    about: 'channel calendars: feeds, sync runs, imported blocks, the export feed',
    pattern: /channel|external_block/,
  },
  {
    file: 'security.sql',
    about: 'security monitoring, the audit trail, rate limits and client addresses, platform API keys',
    pattern: /security|audit|alert|detect_|auth_events|platform_api_key|rate_limit|client_address|client_key/,
  },
  {
    file: 'reviews.sql',
    about: 'guest reviews: invitations, tokens, moderation, the summary',
    pattern: /review/,
  },
  {
    file: 'emails.sql',
    about: 'the e-mail outbox and what each e-mail says',
    pattern: /email(?!_change)/,
  },
  {
    file: 'auth-roles.sql',
    about: 'profiles, staff and admin roles, two-factor sign-in (aal2), the checks every other area uses',
    pattern:
      /user_role|app_role|profile|is_admin|is_staff|require_admin|require_staff|assert_admin|handle_new_user|handle_user_email_change|delete_user|mfa|aal2|auth_settings/,
  },
  {
    file: 'content.sql',
    about: 'site texts, translations, amenities, services, contact messages',
    pattern: /site_content|translation|amenit|service|contact_message/,
  },
  {
    file: 'payments.sql',
    about: 'deposits and refunds: the payment policy, Checkout sessions, Stripe events, extras, the ledger',
    pattern:
      /payment|deposit|checkout_session|refund|stripe|stay_money|extra|money_received|folio|check_out_|booking_or_refuse|cancellation/,
  },
  {
    file: 'compliance.sql',
    about: 'check-in and the law: guests, code tables, police files, city-tax register, ISTAT, CIN, privacy',
    pattern:
      /alloggiati|checkin|check_in|police|compliance|privacy|italian_province|istat|city_tax|identity|arrivals|place_json|portal_date|rome_today|paperwork|mask_secret|ross1000/,
  },
  {
    file: 'reports.sql',
    about: "the Reports screen's figures",
    pattern: /^report_/,
  },
  {
    file: 'rooms.sql',
    about: 'rooms, photos, rate seasons, promo codes, prices and quotes, cleaning states and housekeeping',
    pattern:
      /^room(s|_images|_rate|_promo|_housekeeping)|promo|rate_season|rate_plan_offer|price_stay|quote_stay|room_image|housekeep|cleaning/,
  },
  {
    file: 'bookings.sql',
    about: 'bookings and stay requests: availability, holds, guest links, timers, the admin list',
    pattern: /booking|stay|room|block|available|guest|clock|iso_now|dashboard/,
  },
  {
    file: 'shared.sql',
    about: 'helpers of every area: timestamps, search patterns, plain-text rules, calls of the scheduled jobs',
    pattern: /set_timestamps|like_pattern|call_edge_function|_text|text_problem|replace_keys/,
  },
];

export const OTHER: Area = {
  file: 'other.sql',
  about: 'objects no area claims yet: add a rule in scripts/db-schema/areas.ts',
  pattern: /.*/,
};

export function areaOf(name: string): Area {
  return AREAS.find((area) => area.pattern.test(name)) ?? OTHER;
}
