-- name: every customer has an unsubscribe token from sign-up, so the reminder run never writes to users
      -- The reminder run locks occasions and used to write users.unsubscribe_token on first use: the opposite
      -- order to placing an order (users, then the occasion), so the two deadlocked (docs/decisions/0012).
      -- 256 bits in the shape of newToken() (base64url, 43 characters), from two random UUIDs (244 random bits:
      -- PostgreSQL has no gen_random_bytes without pgcrypto).
      create function new_unsubscribe_token() returns text language sql volatile as $$
        select rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'),
                                      'base64'), '+/', '-_'), '=')
      $$;
      alter table users alter column unsubscribe_token set default new_unsubscribe_token();
      update users set unsubscribe_token = new_unsubscribe_token() where unsubscribe_token is null;
      alter table users alter column unsubscribe_token set not null;
