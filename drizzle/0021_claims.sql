CREATE TABLE "claim_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"contest_id" uuid NOT NULL,
	"p" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_claims" (
	"contest_id" uuid NOT NULL,
	"p" integer NOT NULL,
	"full_name" text,
	"delivery_address" text,
	"publicity_consent" boolean,
	"claimed_at" timestamp with time zone,
	"fulfilment_note" text,
	"fulfilment_at" timestamp with time zone,
	CONSTRAINT "prize_claims_contest_id_p_pk" PRIMARY KEY("contest_id","p")
);
--> statement-breakpoint
ALTER TABLE "contest_picks" ADD COLUMN "claim_status" text DEFAULT 'not-required' NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_picks" ADD COLUMN "claim_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_picks" ADD COLUMN "fulfilment" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "claim_window_minutes" integer DEFAULT 4320 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "notify_winners" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A contest drawn before claims existed keeps working as its owner chose then: its later
-- replacements and picks are not mailed and need no claim (docs/decisions/039).
UPDATE "contests" SET "notify_winners" = false WHERE "frozen_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "prize_delivery" text DEFAULT 'digital' NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_links" ADD CONSTRAINT "claim_links_contest_id_p_contest_picks_contest_id_p_fk" FOREIGN KEY ("contest_id","p") REFERENCES "public"."contest_picks"("contest_id","p") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_contest_id_p_contest_picks_contest_id_p_fk" FOREIGN KEY ("contest_id","p") REFERENCES "public"."contest_picks"("contest_id","p") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_links_pick_idx" ON "claim_links" USING btree ("contest_id","p");--> statement-breakpoint
ALTER TABLE "contest_picks" ADD CONSTRAINT "contest_picks_claim_status_check" CHECK ("contest_picks"."claim_status" in ('pending', 'claimed', 'declined', 'expired', 'not-required'));--> statement-breakpoint
ALTER TABLE "contest_picks" ADD CONSTRAINT "contest_picks_fulfilment_check" CHECK ("contest_picks"."fulfilment" is null or "contest_picks"."fulfilment" in ('sent', 'delivered'));--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_claim_window_check" CHECK ("contests"."claim_window_minutes" between 1 and 43200);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_prize_delivery_check" CHECK ("contests"."prize_delivery" in ('digital', 'shipping', 'pickup'));