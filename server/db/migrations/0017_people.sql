-- name: people the customer buys for: their details, preferences, dates (occasions), gift ideas; orders point at them
      -- One row per person a customer buys for. The details an order needs and the preferences live here once;
      -- the occasions (now "dates") belong to a person. A customer has one person per name (ignoring case and
      -- surrounding spaces): an occasion posted with a recipient name joins that person.
      create table people (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users(id) on delete cascade,
        name text not null,
        relationship text not null default '',
        gender text not null default '',
        address text not null default '',
        phone_number text not null default '',
        email text not null default '',
        interests text not null default '',
        budget text not null default '',
        default_option text not null default 'None',
        likes text not null default '',
        dislikes text not null default '',
        sizes text not null default '',
        allergies text not null default '',
        notes text not null default '',
        birth_year smallint,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index people_user_name_key on people (user_id, lower(btrim(name)));

      create table gift_ideas (
        id uuid primary key default gen_random_uuid(),
        person_id uuid not null references people(id) on delete cascade,
        text text not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index gift_ideas_person_idx on gift_ideas (person_id, created_at);

      -- A date whose year is not known is stored in 2000 (a leap year, so 29 February fits) with year_known false.
      alter table occasions
        add column person_id uuid references people(id) on delete cascade,
        add column year_known boolean not null default true;
      alter table gift_orders add column person_id uuid references people(id) on delete set null;
      create index gift_orders_person_idx on gift_orders (person_id, created_at desc) where person_id is not null;
      create index occasions_person_idx on occasions (person_id);

      -- Existing occasions become people: one per customer and name. The most recently changed occasion's details
      -- win; every other value that differs from them is kept in the person's notes, so nothing typed is lost.
      create temporary table occasion_groups on commit drop as
        select o.*, lower(btrim(o.recipient_name)) as name_key,
          row_number() over (
            partition by o.user_id, lower(btrim(o.recipient_name))
            order by o.updated_at desc, o.created_at desc, o.id desc
          ) as recency
        from occasions o;

      insert into people (user_id, name, relationship, gender, address, phone_number, email, interests, budget,
                          default_option, notes, created_at, updated_at)
      select w.user_id, btrim(w.recipient_name), w.relationship, w.gender, w.address, w.phone_number, w.email,
        w.interests, w.budget, w.default_option,
        concat_ws(E'\n\n', nullif(w.comments, ''), (
          select string_agg(kept.line, E'\n' order by kept.line)
          from (
            select distinct format('%s (from %s, %s): %s', f.label, o.occasion, o.date, f.value) as line
            from occasion_groups o
            cross join lateral (values
              ('Name', btrim(o.recipient_name), btrim(w.recipient_name)),
              ('Relationship', o.relationship, w.relationship),
              ('Gender', o.gender, w.gender),
              ('Address', o.address, w.address),
              ('Phone number', o.phone_number, w.phone_number),
              ('Email', o.email, w.email),
              ('Interests', o.interests, w.interests),
              ('Budget', o.budget, w.budget),
              ('Default option', o.default_option, w.default_option),
              ('Comments', o.comments, w.comments)
            ) as f(label, value, winner)
            where o.user_id = w.user_id and o.name_key = w.name_key and o.recency > 1
              and f.value <> '' and f.value <> f.winner
              and not (f.label = 'Default option' and f.value = 'None')
          ) as kept
        )),
        (select min(o.created_at) from occasion_groups o where o.user_id = w.user_id and o.name_key = w.name_key),
        w.updated_at
      from occasion_groups w
      where w.recency = 1;

      update occasions o set person_id = p.id
        from people p
        where p.user_id = o.user_id and lower(btrim(p.name)) = lower(btrim(o.recipient_name));
      update gift_orders g set person_id = o.person_id from occasions o where g.occasion_id = o.id;

      alter table occasions alter column person_id set not null;
      -- The feed's version (migration 12) now follows the person's name and relationship, which the feed shows.
      drop trigger occasions_version_update on occasions;
      create trigger occasions_version_update
        after update of user_id, person_id, occasion, date, year_known, repeats_yearly on occasions
        for each row execute function users_occasions_version_bump();
      create trigger people_version_update after update of name, relationship on people
        for each row execute function users_occasions_version_bump();
      -- The person holds these now (one place for each fact).
      alter table occasions
        drop column recipient_name,
        drop column relationship,
        drop column gender,
        drop column address,
        drop column phone_number,
        drop column email,
        drop column interests,
        drop column budget,
        drop column default_option,
        drop column comments;
