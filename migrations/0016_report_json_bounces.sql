ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "report_json" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;