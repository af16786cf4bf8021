-- A channel calendar event that collides with a stay (external_blocks.status becomes 'conflict')
-- also goes out as the webhook event `channel.conflict`, in the same transaction as the sync that
-- found it. No guest data: a channel's event carries none.

create or replace function private.external_block_conflict_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'conflict' and (tg_op = 'INSERT' or old.status is distinct from 'conflict') then
    perform private.enqueue_webhook_event('channel.conflict', jsonb_build_object(
      'conflict', jsonb_build_object(
        'block_id', new.id,
        'event_uid', new.event_uid,
        'check_in', new.check_in_date,
        'check_out', new.check_out_date,
        'platform', (select f.platform from public.channel_feeds f where f.id = new.feed_id),
        'room', (
          select jsonb_build_object('id', r.id, 'name', r.name, 'room_number', r.room_number)
          from public.rooms r where r.id = new.room_id
        )
      )
    ));
  end if;
  return null;
end
$$;

revoke execute on function private.external_block_conflict_webhook() from public, anon, authenticated;

create trigger conflict_webhook after insert or update of status on public.external_blocks
  for each row execute function private.external_block_conflict_webhook();
