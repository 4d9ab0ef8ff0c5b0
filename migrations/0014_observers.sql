CREATE TABLE "observers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"email" text NOT NULL,
	"stop_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observers_game_email_unique" UNIQUE("game_id","email")
);
--> statement-breakpoint
ALTER TABLE "observers" ADD CONSTRAINT "observers_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observers_email_idx" ON "observers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "observers_stop_hash_idx" ON "observers" USING btree ("stop_hash");