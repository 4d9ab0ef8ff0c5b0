CREATE TABLE "seat_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seat_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" text NOT NULL,
	"side" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "seat_requests_status_check" CHECK ("seat_requests"."status" in ('pending', 'approved', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "join_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_requests_pending_idx" ON "seat_requests" USING btree ("game_id","email") WHERE "seat_requests"."status" = 'pending';