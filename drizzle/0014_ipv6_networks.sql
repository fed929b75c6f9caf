ALTER TABLE "contest_entries" ADD COLUMN "client_hash56" text;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "client_hash48" text;