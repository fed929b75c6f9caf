ALTER TABLE "contest_entries" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
CREATE INDEX "contest_entries_invited_by_idx" ON "contest_entries" USING btree ("contest_id","invited_by") WHERE "contest_entries"."invited_by" is not null;--> statement-breakpoint
UPDATE "contest_entries" SET "invited_by" = "referred_by" WHERE "referred_by" IS NOT NULL;
