-- name: customers' addresses are verified before mail goes to them; existing accounts start unverified
      -- Null until the customer opens a verification link sent to this address. Accounts made before this
      -- migration stay null: an address nobody proved they own gets no reminders or order emails.
      alter table users add column email_verified_at timestamptz;
