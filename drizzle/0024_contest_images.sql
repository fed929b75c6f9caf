CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "images" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "contests_images_idx" ON "contests" USING gin ("images" jsonb_path_ops);--> statement-breakpoint
-- WebP, AVIF and JPEG are compressed already: stored out of line without trying again.
ALTER TABLE "media_objects" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
