-- The send-contact-email function limits messages per client address: it records the address the
-- gateway saw (never one the browser claims) and counts recent messages from it.
alter table public.contact_messages add column client_ip text;
comment on column public.contact_messages.client_ip is 'Address the request came from, as the API gateway reported it; used for rate limiting.';
create index contact_messages_client_ip_created_idx on public.contact_messages (client_ip, created_at desc);
