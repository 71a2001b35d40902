-- name: the occasions' version is bumped once per statement that inserts or deletes dates, not once per date
      -- An import writes all its dates in one statement; migration 12's per-row trigger updated the customer's users
      -- row once for each of them (4,000 updates for 2,000 people), and on PGlite, one backend for every customer,
      -- other customers' reads waited behind them (issue 32). Inserts and deletes now bump each customer they touch
      -- once per statement, read from the statement's transition table, the customers' rows locked in id order as
      -- the orders' version does (migration 7). Updates keep the per-row trigger: a transition table cannot go with
      -- the column list that keeps the reminder run (it writes next_check_at) off users, and dates are changed a
      -- few at a time.
      create function users_occasions_version_bump_rows() returns trigger language plpgsql as $$
      begin
        update users u set occasions_version = gen_random_uuid()
          from (select id from users where id in (select user_id from changed_rows) order by id for update) c
         where u.id = c.id;
        return null;
      end
      $$;
      drop trigger occasions_version_insert_delete on occasions;
      create trigger occasions_version_insert after insert on occasions
        referencing new table as changed_rows for each statement execute function users_occasions_version_bump_rows();
      create trigger occasions_version_delete after delete on occasions
        referencing old table as changed_rows for each statement execute function users_occasions_version_bump_rows();
