ALTER TABLE "seats" ADD COLUMN "missed_turns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "missed_in_a_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "ruled_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "missed" jsonb DEFAULT '[]'::jsonb NOT NULL;