ALTER TABLE "seats" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "seats" SET "joined_at" = "created_at" WHERE "joined_at" IS NULL;