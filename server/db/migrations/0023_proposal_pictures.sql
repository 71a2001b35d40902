-- name: proposal pictures kept only with approved proposals, and proposals left open on moved orders withdrawn
      -- Staff moving a new order on now withdraw its open proposal, and a declined or withdrawn proposal's picture is
      -- deleted (journey/proposals.ts). Orders from before get the same: a proposal still open on an order that left
      -- new is withdrawn, as a step of staff's at the move that left new (by its admin); and every picture but those
      -- of open and approved proposals is deleted (the order's reference is set null by its foreign key, which
      -- rewrites getgifts' JSON).
      with moved as (
        update gift_orders set proposal_state = 'withdrawn'
         where proposal_state = 'open' and status <> 'new'
        returning id
      )
      insert into order_events (order_id, kind, actor, admin_id, at)
      select m.id, 'withdrawn', 'staff', left_new.admin_id, coalesce(left_new.changed_at, now())
        from moved m
        left join lateral (
          select e.admin_id, e.changed_at from order_status_events e
           where e.order_id = m.id and e.from_status = 'new'
           order by e.changed_at, e.id limit 1
        ) left_new on true;

      delete from order_images i
       where not exists (select 1 from gift_orders o
                          where o.proposal_image_id = i.id and o.proposal_state in ('open', 'approved'));
