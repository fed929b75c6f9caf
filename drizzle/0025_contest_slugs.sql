CREATE TABLE "retired_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"contest_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "retired_slugs" ADD CONSTRAINT "retired_slugs_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_slugs_contest_idx" ON "retired_slugs" USING btree ("contest_id");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_slug_unique" UNIQUE("slug");