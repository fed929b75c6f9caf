CREATE TABLE "contest_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"entry_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"prize_details" text NOT NULL,
	"prize_value" text,
	"end_date" timestamp with time zone NOT NULL,
	"max_entries" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"confirmation_message" text,
	"winner_id" uuid,
	"winner_selected_at" timestamp with time zone,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_max_entries_check" CHECK ("contests"."max_entries" is null or "contests"."max_entries" >= 1),
	CONSTRAINT "contests_entry_count_check" CHECK ("contests"."entry_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_winner_id_contest_entries_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."contest_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_entries_contest_email_idx" ON "contest_entries" USING btree ("contest_id",lower(btrim("email")));--> statement-breakpoint
CREATE INDEX "contest_entries_contest_date_idx" ON "contest_entries" USING btree ("contest_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "contests_trainer_idx" ON "contests" USING btree ("trainer_id","created_at");