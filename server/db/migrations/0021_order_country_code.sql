-- name: an order keeps the country calling code written in front of its phone number
      -- "+44", as the order form's country box had it, checked against libphonenumber-js's metadata by the order
      -- schema (contract/callingCode.ts). Null when none was given, and for every order placed before: the card and
      -- View Order then show the phone number alone.
      alter table gift_orders add column country_code text check (country_code ~ '^[+][0-9]{1,3}$');

      -- getgifts answers it as countryCode after the status (absent when null: json_strip_nulls); the rest is
      -- migration 18's function as it was.
      create or replace function gift_orders_api_json() returns trigger language plpgsql as $$
      begin
        new.api_json := json_strip_nulls(json_build_object(
          '_id', new.id::text, 'recipientName', new.recipient_name, 'relationship', new.relationship,
          'occasion', new.occasion, 'gender', new.gender, 'address', new.address, 'phoneNumber', new.phone_number,
          'email', new.email, 'interests', new.interests, 'budget', new.budget, 'defaultOption', new.default_option,
          'comments', new.comments, 'date', to_char(new.date, 'YYYY-MM-DD'), 'status', new.status,
          'countryCode', new.country_code,
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
