CREATE TABLE "contest_rules_versions" (
	"contest_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "contest_rules_versions_contest_id_version_pk" PRIMARY KEY("contest_id","version")
);
--> statement-breakpoint
CREATE TABLE "entrant_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrant_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"email_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "rules_version" integer;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "consent_sha256" text;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "consent_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "frozen_rules_version" integer;--> statement-breakpoint
ALTER TABLE "contest_rules_versions" ADD CONSTRAINT "contest_rules_versions_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entrant_links_expires_idx" ON "entrant_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "entrant_sessions_expires_idx" ON "entrant_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contest_entries_email_key_idx" ON "contest_entries" USING btree ("email_key");