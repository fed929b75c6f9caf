CREATE TABLE "contest_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"entry_id" uuid,
	"entrant_name" text,
	"entrant_email" text,
	"action" text NOT NULL,
	"entry_count" integer NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_draws_action_check" CHECK ("contest_draws"."action" in ('random', 'manual', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "contest_entries" ALTER COLUMN "entry_date" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_entry_id_contest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."contest_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_draws_contest_idx" ON "contest_draws" USING btree ("contest_id","created_at");