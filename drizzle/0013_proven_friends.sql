ALTER TABLE "contests" ALTER COLUMN "referral_cap" SET DEFAULT 10;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Until now only a pending entry got a confirmation token, and a confirmed one kept its token's
-- hash: those entrants proved their mailbox by the link. Every other entry (imported, or on a
-- contest without double opt-in) has proven nothing.
UPDATE "contest_entries" SET "email_confirmed_at" = "entry_date" WHERE "status" = 'confirmed' AND "confirm_token_hash" IS NOT NULL;
