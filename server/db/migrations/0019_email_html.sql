-- name: emails as HTML: each queued email keeps its HTML part beside the plain text (body)
-- Rendered once when the email is queued; dropped with the body once it is sent (mail/mailQueue.ts).
alter table mail_queue add column html text;
