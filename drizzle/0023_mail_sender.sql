ALTER TABLE "mails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "retry_until" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mails_due_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."status" in ('queued', 'retrying');