-- name: each order keeps its getgifts JSON, kept current by a trigger
      -- The order exactly as GET /api/gifts/getgifts shows it (spec §3 names), built once when the
      -- row is written instead of on every read. The trigger recomputes it from the row itself on
      -- every insert and update (customer edits, status moves), in the same statement, so it can
      -- never be stale. Changing the shown fields means a new migration replacing the function.
      create function gift_orders_api_json() returns trigger language plpgsql as $$
      begin
        new.api_json := json_build_object(
          '_id', new.id::text, 'recipientName', new.recipient_name, 'relationship', new.relationship,
          'occasion', new.occasion, 'gender', new.gender, 'address', new.address, 'phoneNumber', new.phone_number,
          'email', new.email, 'interests', new.interests, 'budget', new.budget, 'defaultOption', new.default_option,
          'comments', new.comments, 'date', to_char(new.date, 'YYYY-MM-DD'), 'status', new.status)::text;
        return new;
      end
      $$;
      alter table gift_orders add column api_json text;
      create trigger gift_orders_api_json before insert or update on gift_orders
        for each row execute function gift_orders_api_json();
      -- The orders already there: the trigger computes each one's value.
      update gift_orders set api_json = '';
      alter table gift_orders alter column api_json set not null;
