-- Names that say what the columns hold: a contest's owner, and a session's token hash, client and expiry.
ALTER TABLE "contests" RENAME COLUMN "trainer_id" TO "owner_id";--> statement-breakpoint
ALTER TABLE "contests" RENAME CONSTRAINT "contests_trainer_id_users_id_fk" TO "contests_owner_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "contests_trainer_idx" RENAME TO "contests_owner_idx";--> statement-breakpoint
ALTER TABLE "sessions" RENAME COLUMN "sid" TO "token_hash";--> statement-breakpoint
ALTER TABLE "sessions" RENAME COLUMN "sess" TO "client";--> statement-breakpoint
ALTER TABLE "sessions" RENAME COLUMN "expire" TO "expires_at";--> statement-breakpoint
ALTER INDEX "sessions_expire_idx" RENAME TO "sessions_expires_at_idx";
