-- Referrals (docs/product.md#referrals). The codes, referrers and address hashes are written for
-- entries made while a contest has referrals on; the partial indexes cost nothing elsewhere.
ALTER TABLE "contest_entries" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "client_hash" text;--> statement-breakpoint
ALTER TABLE "contest_leaves" ADD COLUMN "weights" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "referral_bonus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "referral_cap" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "show_leaderboard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contest_entries_referral_code_idx" ON "contest_entries" USING btree ("contest_id","referral_code") WHERE "contest_entries"."referral_code" is not null;--> statement-breakpoint
CREATE INDEX "contest_entries_referred_by_idx" ON "contest_entries" USING btree ("contest_id","referred_by") WHERE "contest_entries"."referred_by" is not null;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_referral_bonus_check" CHECK ("contests"."referral_bonus" between 0 and 10);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_referral_cap_check" CHECK ("contests"."referral_cap" between 1 and 1000);