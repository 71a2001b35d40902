-- name: a version of each customer's orders, changed by every write to them (getgifts' ETag)
      -- A new random value whenever any of the customer's orders is placed, changed or deleted, by whatever code
      -- path: a reader holding the current value already has the current list. Random, so a value never matches
      -- another customer's, nor an earlier state of the same customer's orders.
      alter table users add column orders_version uuid not null default gen_random_uuid();
      create function users_orders_version_bump() returns trigger language plpgsql as $$
      begin
        -- The customers' rows are locked in id order, so two writes to many customers' orders never wait on
        -- each other in a cycle.
        if tg_op = 'DELETE' then
          update users u set orders_version = gen_random_uuid()
            from (select id from users where id in (select user_id from old_rows) order by id for update) c
           where u.id = c.id;
        else
          update users u set orders_version = gen_random_uuid()
            from (select id from users where id in (select user_id from new_rows) order by id for update) c
           where u.id = c.id;
        end if;
        return null;
      end
      $$;
      create trigger gift_orders_version_insert after insert on gift_orders
        referencing new table as new_rows for each statement execute function users_orders_version_bump();
      create trigger gift_orders_version_update after update on gift_orders
        referencing new table as new_rows for each statement execute function users_orders_version_bump();
      create trigger gift_orders_version_delete after delete on gift_orders
        referencing old table as old_rows for each statement execute function users_orders_version_bump();
