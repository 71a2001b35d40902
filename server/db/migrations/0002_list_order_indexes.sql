-- name: indexes that deliver each list in its exact order (with the id tiebreaker)
-- Every list orders by a total order ending in id; an index ending one column short still
-- leaves a sort step (an incremental sort) for every request. These replace those indexes.
      -- admin getOrders: where status = $1 order by date, created_at, id limit/offset (paged)
      create index gift_orders_status_order_idx on gift_orders (status, date, created_at, id);
      drop index gift_orders_status_date_idx;

      -- getgifts: where user_id = $1 order by date, created_at, id (also serves the users foreign key)
      create index gift_orders_user_order_idx on gift_orders (user_id, date, created_at, id);
      drop index gift_orders_user_date_idx;

      -- admin getOrderDetails history: where order_id = $1 order by changed_at, id (and the foreign key)
      create index order_status_events_order_changed_idx on order_status_events (order_id, changed_at, id);
      drop index order_status_events_order_idx;

      -- admin getNotes: where type = $1 order by created_at desc, id
      create index notes_type_order_idx on notes (type, created_at desc, id);
      drop index notes_type_created_idx;
