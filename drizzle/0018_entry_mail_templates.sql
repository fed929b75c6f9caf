ALTER TABLE "mails" ALTER COLUMN "text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mails" ALTER COLUMN "html" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "template" jsonb;