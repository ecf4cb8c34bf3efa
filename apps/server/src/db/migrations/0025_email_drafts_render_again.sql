-- Issue 27: draft batches previewed before templates were sandboxed hold e-mails rendered without the
-- sanitizing of each e-mail (a `raw` filter could write markup). They must be previewed again before
-- they are sent; nothing else changes.
UPDATE "email_batches" SET "is_rendered" = false WHERE "status" = 'draft';
