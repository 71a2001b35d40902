-- name: feed and unsubscribe tokens kept only as hashes; a feed version for its ETag; an unsubscribe that sticks
      -- The calendar feed's token is kept only as its SHA-256 (hex, as hashToken() makes it), so the address is
      -- shown once, when made, and again only by resetting it (docs/decisions). Existing addresses are hashed
      -- in place: calendars subscribed to them keep working; the profile can no longer show them.
      alter table users add column feed_token_hash text;
      update users set feed_token_hash = encode(sha256(convert_to(feed_token, 'UTF8')), 'hex')
       where feed_token is not null;
      create unique index users_feed_token_hash_key on users (feed_token_hash);
      alter table users drop column feed_token;

      -- One unsubscribe link per email, kept as the SHA-256 of its token until it expires. The tokens of the
      -- emails already sent (one per customer until now) carry over for 90 days, so their links keep working.
      -- No foreign key: the reminder run writes these rows while it holds occasion locks, and a key-share lock
      -- on users there could wait on a request that locked users first (docs/decisions/0012). A link whose
      -- customer is gone matches no one; deleting an account deletes its links (the trigger below), and the purge
      -- deletes expired ones.
      create table unsubscribe_links (
        token_hash text primary key,
        user_id uuid not null,
        expires_at timestamptz not null
      );
      create index unsubscribe_links_user_idx on unsubscribe_links (user_id);
      create index unsubscribe_links_expires_idx on unsubscribe_links (expires_at);
      create function users_delete_unsubscribe_links() returns trigger language plpgsql as $$
      begin
        delete from unsubscribe_links where user_id = old.id;
        return null;
      end
      $$;
      create trigger users_unsubscribe_links_delete after delete on users
        for each row execute function users_delete_unsubscribe_links();
      insert into unsubscribe_links (token_hash, user_id, expires_at)
        select encode(sha256(convert_to(unsubscribe_token, 'UTF8')), 'hex'), id, now() + interval '90 days'
          from users;
      alter table users drop column unsubscribe_token;
      drop function new_unsubscribe_token();

      -- When reminder emails were last turned off by an unsubscribe link: until they are turned on again from
      -- a fresh sign-in on a verified address, the preferences call refuses to turn them on.
      alter table users add column reminders_unsubscribed_at timestamptz;

      -- A version of each customer's occasions as the calendar feed shows them (its ETag, with orders_version):
      -- a new random value on every insert, delete, or change of a field the feed shows. Per row and only on
      -- those columns, so the reminder run (which writes next_check_at) never touches users (lock order,
      -- docs/decisions/0012).
      alter table users add column occasions_version uuid not null default gen_random_uuid();
      create function users_occasions_version_bump() returns trigger language plpgsql as $$
      begin
        update users set occasions_version = gen_random_uuid()
         where id = case when tg_op = 'DELETE' then old.user_id else new.user_id end;
        if tg_op = 'UPDATE' and new.user_id <> old.user_id then
          update users set occasions_version = gen_random_uuid() where id = old.user_id;
        end if;
        return null;
      end
      $$;
      create trigger occasions_version_insert_delete after insert or delete on occasions
        for each row execute function users_occasions_version_bump();
      create trigger occasions_version_update
        after update of user_id, recipient_name, relationship, occasion, date, repeats_yearly on occasions
        for each row execute function users_occasions_version_bump();
