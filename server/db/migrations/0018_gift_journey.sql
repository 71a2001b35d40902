-- name: the gift's journey: a proposal the customer approves, its picture, the shipment, the delivery, how it went, a timeline and staff notes
      -- Pictures staff upload with a proposal (JPEG, PNG or WebP, checked by content before they get here). They are
      -- served from our origin under an id nobody can guess, so that an <img> on the customer's card and in an email
      -- can show them without the session's header.
      create table order_images (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references gift_orders(id) on delete cascade,
        content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
        bytes bytea not null,
        admin_id uuid references admins(id) on delete set null,
        created_at timestamptz not null default now()
      );
      create index order_images_order_idx on order_images (order_id);

      -- What is one to one with the order lives on its row, beside the spec's four statuses: the open or last
      -- proposal, the shipment, the delivery and how it went. The history of each (every proposal made, who acted)
      -- is in order_events. The customer's getgifts JSON (api_json) carries them, so the card needs no second read.
      alter table gift_orders
        add column proposal_title text,
        add column proposal_description text,
        add column proposal_price_cents bigint check (proposal_price_cents >= 0),
        add column proposal_over_budget_reason text,
        add column proposal_image_id uuid references order_images(id) on delete set null,
        add column proposal_state text check (proposal_state in ('open', 'approved', 'declined', 'withdrawn')),
        add column proposal_response_note text,
        add column proposed_at timestamptz,
        add column shipped_carrier text,
        add column shipped_tracking_number text,
        add column shipped_tracking_url text,
        add column shipped_on date,
        add column delivered_on date,
        add column delivery_note text,
        add column feedback_rating text check (feedback_rating in ('loved', 'fine', 'not_for_them')),
        add column feedback_note text,
        add column feedback_at timestamptz;

      -- Who moved the status: the customer (placing it, approving a proposal), staff, or the system (a proposal
      -- approved by the customer's standing setting, an order rejected when its customer erased their account).
      alter table order_status_events add column actor text not null default 'staff'
        check (actor in ('customer', 'staff', 'system'));
      update order_status_events set actor = 'customer' where from_status is null;
      -- From now on every writer names who acted: a default would let a new writer record a customer's act as staff's.
      alter table order_status_events alter column actor drop default;

      -- The journey's steps that are not status moves, for the timeline: each with who acted and what was said.
      create table order_events (
        id bigint generated always as identity primary key,
        order_id uuid not null references gift_orders(id) on delete cascade,
        kind text not null check (kind in ('proposed', 'approved', 'asked_for_another', 'withdrawn', 'shipped',
                                           'delivered', 'rated')),
        actor text not null check (actor in ('customer', 'staff', 'system')),
        admin_id uuid references admins(id) on delete set null,
        detail jsonb not null default '{}',
        at timestamptz not null default now()
      );
      create index order_events_order_idx on order_events (order_id, at, id);

      -- Staff's internal notes on an order: never shown to the customer.
      create table order_notes (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references gift_orders(id) on delete cascade,
        admin_id uuid references admins(id) on delete set null,
        body text not null,
        created_at timestamptz not null default now()
      );
      create index order_notes_order_idx on order_notes (order_id, created_at);

      -- The customer's standing choice: a proposal within the order's budget is approved as soon as it is made.
      alter table users add column auto_approve_proposals boolean not null default false;

      -- getgifts shows the journey beside the spec's fields (contract/journey.ts); absent parts are left out.
      create or replace function gift_orders_api_json() returns trigger language plpgsql as $$
      begin
        new.api_json := json_strip_nulls(json_build_object(
          '_id', new.id::text, 'recipientName', new.recipient_name, 'relationship', new.relationship,
          'occasion', new.occasion, 'gender', new.gender, 'address', new.address, 'phoneNumber', new.phone_number,
          'email', new.email, 'interests', new.interests, 'budget', new.budget, 'defaultOption', new.default_option,
          'comments', new.comments, 'date', to_char(new.date, 'YYYY-MM-DD'), 'status', new.status,
          'statusReason', case when new.status = 'rejected' then new.status_reason end,
          'proposal', case when new.proposal_state is not null then json_build_object(
            'title', new.proposal_title, 'description', new.proposal_description,
            'price', btrim(to_char(new.proposal_price_cents / 100.0, '999999999990.00')),
            'overBudgetReason', new.proposal_over_budget_reason,
            'imageUrl', '/api/gifts/images/' || new.proposal_image_id::text,
            'state', new.proposal_state, 'responseNote', new.proposal_response_note,
            'proposedAt', to_char(new.proposed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
          'shipment', case when new.shipped_on is not null then json_build_object(
            'carrier', new.shipped_carrier, 'trackingNumber', new.shipped_tracking_number,
            'trackingUrl', new.shipped_tracking_url, 'shippedOn', to_char(new.shipped_on, 'YYYY-MM-DD')) end,
          'delivery', case when new.delivered_on is not null then json_build_object(
            'deliveredOn', to_char(new.delivered_on, 'YYYY-MM-DD'), 'note', new.delivery_note) end,
          'feedback', case when new.feedback_rating is not null then json_build_object(
            'rating', new.feedback_rating, 'note', new.feedback_note,
            'at', to_char(new.feedback_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end))::text;
        return new;
      end
      $$;
