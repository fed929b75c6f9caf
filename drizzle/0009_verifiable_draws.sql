CREATE TABLE "contest_leaves" (
	"contest_id" uuid PRIMARY KEY NOT NULL,
	"leaves" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_picks" (
	"contest_id" uuid NOT NULL,
	"p" integer NOT NULL,
	"position" integer NOT NULL,
	"entry_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"attempts" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'winner' NOT NULL,
	"reason" text,
	"display_name" text NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"disqualified_at" timestamp with time zone,
	"actor_id" uuid,
	CONSTRAINT "contest_picks_contest_id_p_pk" PRIMARY KEY("contest_id","p"),
	CONSTRAINT "contest_picks_method_check" CHECK ("contest_picks"."method" in ('random', 'manual')),
	CONSTRAINT "contest_picks_status_check" CHECK ("contest_picks"."status" in ('winner', 'disqualified'))
);
--> statement-breakpoint
ALTER TABLE "contest_draws" DROP CONSTRAINT "contest_draws_action_check";--> statement-breakpoint
ALTER TABLE "contest_draws" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "winners_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "draw_seed" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "seed_hash" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "committed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "frozen_entry_count" integer;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "entries_root" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "beacon" jsonb;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "predates_verifiable_draws" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "winners" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_leaves" ADD CONSTRAINT "contest_leaves_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_picks" ADD CONSTRAINT "contest_picks_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_picks" ADD CONSTRAINT "contest_picks_entry_id_contest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."contest_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_picks" ADD CONSTRAINT "contest_picks_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_picks_entry_idx" ON "contest_picks" USING btree ("contest_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_picks_winner_position_idx" ON "contest_picks" USING btree ("contest_id","position") WHERE "contest_picks"."status" = 'winner';--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_action_check" CHECK ("contest_draws"."action" in ('random', 'manual', 'reset', 'disqualify'));--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_winners_count_check" CHECK ("contests"."winners_count" between 1 and 100);--> statement-breakpoint
-- Every published contest gets its commitment now (docs/draw-protocol.md#1-commit). Without
-- pgcrypto SQL has no call for 32 random bytes, so the seed is the SHA-256 of two random UUIDs:
-- 244 bits from the server's strong random source. Drafts get theirs when first published.
UPDATE "contests" SET "draw_seed" = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'), "committed_at" = now()
WHERE "published_at" IS NOT NULL;--> statement-breakpoint
UPDATE "contests" SET "seed_hash" = encode(sha256(decode("draw_seed", 'hex')), 'hex')
WHERE "draw_seed" IS NOT NULL;--> statement-breakpoint
-- Contests drawn before this change keep their history; their record says so.
UPDATE "contests" SET "predates_verifiable_draws" = true
WHERE "winner_id" IS NOT NULL
   OR EXISTS (SELECT 1 FROM "contest_draws" WHERE "contest_draws"."contest_id" = "contests"."id");
--> statement-breakpoint
-- Hex leaves barely compress: trying to (the default) makes writing 100,000 of them 2-4x slower.
ALTER TABLE "contest_leaves" ALTER COLUMN "leaves" SET STORAGE EXTERNAL;
