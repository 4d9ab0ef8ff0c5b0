ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "report_json" boolean DEFAULT false NOT NULL;