ALTER TABLE "mail_outbox" RENAME TO "mails";--> statement-breakpoint
DROP INDEX "mail_outbox_recipient_idx";--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "links" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "entry_id" uuid;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The outbox's rows were mails held without SMTP: they count as handed to the outbox when they
-- were written, and their purpose is read from the subject each template gave them.
UPDATE "mails" SET "status" = 'sent', "transport" = 'outbox', "sent_at" = "created_at", "updated_at" = "created_at",
  "purpose" = CASE
    WHEN "subject" LIKE 'Verify your email%' THEN 'verification'
    WHEN "subject" LIKE 'Someone tried to sign up%' THEN 'account-exists'
    WHEN "subject" LIKE 'Reset your%' THEN 'reset-link'
    WHEN "subject" LIKE 'Your % reset token' THEN 'reset-token'
    WHEN "subject" LIKE 'Confirm your entry%' THEN 'entry-confirmation'
    WHEN "subject" LIKE 'Your entry:%' THEN 'entry-receipt'
    ELSE 'test' END;--> statement-breakpoint
ALTER TABLE "mails" ALTER COLUMN "purpose" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "mails_recipient_key_idx" ON "mails" USING btree (fold_email("recipient"),"created_at") WHERE "mails"."purpose" in ('entry-confirmation', 'entry-receipt');--> statement-breakpoint
CREATE INDEX "mails_entry_idx" ON "mails" USING btree ("entry_id") WHERE "mails"."entry_id" is not null;--> statement-breakpoint
CREATE INDEX "mails_unsent_idx" ON "mails" USING btree ("status","created_at") WHERE "mails"."status" <> 'sent';--> statement-breakpoint
CREATE INDEX "mails_created_idx" ON "mails" USING btree ("created_at");