-- A sent (or given-up) e-mail keeps its addressee, subject and outcome, not its body: the body
-- holds the links the guest clicks, whose tokens the database otherwise keeps only as hashes.
-- The dispatcher now blanks the body as it settles a mail; this blanks the mail settled before.
UPDATE mail_outbox SET html = '', text = '' WHERE status <> 'pending' AND (html <> '' OR text <> '');
