-- Deleting a contest no longer deletes its draw history (decision 016): the foreign key and its
-- cascade go, and each record keeps what names the contest once the contest is gone.
ALTER TABLE "contest_draws" DROP CONSTRAINT "contest_draws_contest_id_contests_id_fk";
--> statement-breakpoint
ALTER TABLE "contest_draws" ADD COLUMN "contest_title" text;--> statement-breakpoint
ALTER TABLE "contest_draws" ADD COLUMN "contest_owner_email" text;--> statement-breakpoint
-- Until now the cascade deleted a contest's records with it: every record's contest and owner exist.
UPDATE "contest_draws" SET "contest_title" = "contests"."title", "contest_owner_email" = "users"."email"
FROM "contests" JOIN "users" ON "users"."id" = "contests"."trainer_id"
WHERE "contests"."id" = "contest_draws"."contest_id";--> statement-breakpoint
ALTER TABLE "contest_draws" ALTER COLUMN "contest_title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_draws" ALTER COLUMN "contest_owner_email" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "contest_draws_created_idx" ON "contest_draws" USING btree ("created_at");
