-- name: admin console: live counts, time in status, rejection reasons, budget in cents, search and sort indexes
      -- When the order entered its current status, and the reason staff gave for a rejection (shown to the
      -- customer while the order stays rejected). Both are written with the status by applyStatusChange.
      alter table gift_orders add column status_since timestamptz, add column status_reason text;
      update gift_orders o set status_since = coalesce(
        (select max(e.changed_at) from order_status_events e where e.order_id = o.id and e.to_status = o.status),
        o.created_at);
      alter table gift_orders alter column status_since set default now(), alter column status_since set not null;
      alter table order_status_events add column reason text;

      -- The budget as a number, to sort by: kept by the database from the text the customer typed ("$49.99").
      -- 0 for the few older rows whose text is not an amount.
      alter table gift_orders add column budget_cents bigint generated always as (
        case when budget ~ '^[$]?[0-9]{1,9}([.][0-9]{1,2})?$' then round(replace(budget, '$', '')::numeric * 100)::bigint
             else 0 end) stored;

      -- getgifts shows a rejected order's reason as statusReason (absent otherwise: json_strip_nulls).
      create or replace function gift_orders_api_json() returns trigger language plpgsql as $$
      begin
        new.api_json := json_strip_nulls(json_build_object(
          '_id', new.id::text, 'recipientName', new.recipient_name, 'relationship', new.relationship,
          'occasion', new.occasion, 'gender', new.gender, 'address', new.address, 'phoneNumber', new.phone_number,
          'email', new.email, 'interests', new.interests, 'budget', new.budget, 'defaultOption', new.default_option,
          'comments', new.comments, 'date', to_char(new.date, 'YYYY-MM-DD'), 'status', new.status,
          'statusReason', case when new.status = 'rejected' then new.status_reason end))::text;
        return new;
      end
      $$;

      -- How many orders each status holds, kept by statement triggers in the same transaction as the change,
      -- so the admin's four counts are four rows read instead of counting up to 100,000 index entries each.
      -- Rows are changed in status order, so two transactions never wait on each other's counters in a cycle.
      create table order_status_counts (status text primary key, n bigint not null);
      insert into order_status_counts (status, n)
        select s, (select count(*) from gift_orders where status = s)
        from unnest(array['new', 'processed', 'finished', 'rejected']) s;
      create function order_status_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update order_status_counts c set n = c.n + d.n
            from (select status, count(*) n from new_rows group by status order by status) d where c.status = d.status;
        elsif tg_op = 'DELETE' then
          update order_status_counts c set n = c.n - d.n
            from (select status, count(*) n from old_rows group by status order by status) d where c.status = d.status;
        else
          update order_status_counts c set n = c.n + d.n
            from (select status, sum(k) n from (
                    select status, 1 k from new_rows union all select status, -1 from old_rows) x
                  group by status having sum(k) <> 0 order by status) d
           where c.status = d.status;
        end if;
        return null;
      end
      $$;
      create trigger order_status_counts_insert after insert on gift_orders
        referencing new table as new_rows for each statement execute function order_status_counts_apply();
      create trigger order_status_counts_update after update on gift_orders
        referencing old table as old_rows new table as new_rows for each statement execute function order_status_counts_apply();
      create trigger order_status_counts_delete after delete on gift_orders
        referencing old table as old_rows for each statement execute function order_status_counts_apply();

      -- The admin list's other orders (date order is gift_orders_status_order_idx, read backwards for -date).
      create index gift_orders_status_placed_idx on gift_orders (status, created_at, id);
      create index gift_orders_status_budget_idx on gift_orders (status, budget_cents, id);
      -- Search: recipient names, and customers' names and emails, by how they start (any case).
      create index gift_orders_status_recipient_idx on gift_orders (status, lower(recipient_name) text_pattern_ops);
      create index users_name_prefix_idx on users (lower(name) text_pattern_ops);
      create index users_email_prefix_idx on users (lower(email) text_pattern_ops);
      -- getNotes pages by keyset, newest first: (created_at, id) descending together, so the index holds
      -- both ascending and is read backwards. getNotes' tabs are counted from it too (index-only).
      drop index notes_type_order_idx;
      create index notes_type_order_idx on notes (type, created_at, id);
