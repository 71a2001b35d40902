-- name: account erasure: orders kept without their customer, and a history of erasures without personal data
      -- A customer's finished orders are business records (what was sold, when, for how much) and outlive the
      -- account; erasure (server/modules/privacy) empties their personal fields and detaches them (user_id null).
      alter table gift_orders alter column user_id drop not null;

      -- One row per erased account: who erased it (the customer, or the admin acting on their request) and when.
      -- subject_ref is the SHA-256 of the erased account's id: nobody can get the person back from it, but an
      -- operator who restores a backup can find the accounts erased since, and erase them again (docs/privacy.md).
      create table erasures (
        id bigint generated always as identity primary key,
        erased_at timestamptz not null default now(),
        erased_by text not null check (erased_by in ('customer', 'staff')),
        -- The admin's email as it was (not a reference: the history outlives a removed admin); null for 'customer'.
        admin_email text,
        subject_ref text not null,
        orders_kept integer not null,
        check ((erased_by = 'staff') = (admin_email is not null))
      );
      create index erasures_subject_ref_idx on erasures (subject_ref);
