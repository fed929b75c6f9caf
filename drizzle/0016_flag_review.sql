ALTER TABLE "contest_draws" DROP CONSTRAINT "contest_draws_action_check";--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "draw_decision" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "excluded_flags" text[] DEFAULT '{alias}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "frozen_excluded" jsonb;--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_action_check" CHECK ("contest_draws"."action" in ('random', 'manual', 'reset', 'disqualify', 'draw-stopped'));--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_draw_decision_check" CHECK ("contest_entries"."draw_decision" is null or "contest_entries"."draw_decision" in ('include', 'exclude'));--> statement-breakpoint
-- A flag no longer leaves anyone out by itself (docs/product.md#flagged-entries): a contest not
-- drawn yet takes the new rule (aliases only, the column's default), one that left nobody out
-- keeps that.
UPDATE "contests" SET "excluded_flags" = '{}'::text[] WHERE NOT "exclude_flagged";--> statement-breakpoint
-- A frozen contest keeps the list it froze: every flag leaves its entries out, as it did.
UPDATE "contests" SET "excluded_flags" = ARRAY['address-burst', 'domain-burst', 'fast-submit', 'no-form-token', 'alias']
WHERE "exclude_flagged" AND "frozen_at" IS NOT NULL;--> statement-breakpoint
-- Its record's counts per flag, from the confirmed flagged entries it left out.
UPDATE "contests" SET "frozen_excluded" = COALESCE((
  SELECT jsonb_agg(jsonb_build_object('reason', "flag", 'count', "count")
    ORDER BY array_position(ARRAY['address-burst', 'domain-burst', 'fast-submit', 'no-form-token', 'alias'], "flag"))
  FROM (
    SELECT "flag", count(*)::int AS "count"
    FROM "contest_entries", unnest("contest_entries"."flags") AS "flag"
    WHERE "contest_entries"."contest_id" = "contests"."id" AND "contest_entries"."status" = 'confirmed'
      AND "contests"."exclude_flagged"
    GROUP BY "flag"
  ) AS "by_flag"
), '[]'::jsonb)
WHERE "frozen_at" IS NOT NULL;
