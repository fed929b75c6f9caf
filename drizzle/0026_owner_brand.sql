ALTER TABLE "contests" ADD COLUMN "brand" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "owner_brand" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brand" jsonb DEFAULT '{}'::jsonb NOT NULL;