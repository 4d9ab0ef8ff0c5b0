CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" text,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"ruleset" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'setup' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb,
	"dice_state" text NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"current_turn" integer DEFAULT 0 NOT NULL,
	"winner" text,
	"result" jsonb,
	"public" boolean DEFAULT true NOT NULL,
	"moderator_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "games_status_check" CHECK ("games"."status" in ('setup', 'active', 'paused', 'finished', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_address" text NOT NULL,
	"game_id" text,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" text,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"side" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"token_hash" text NOT NULL,
	"token_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fleet" jsonb,
	"conceded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seats_game_side_unique" UNIQUE("game_id","side")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" text NOT NULL,
	"turn" integer NOT NULL,
	"seat_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"text" text,
	"orders" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"message_id" text,
	CONSTRAINT "submissions_channel_check" CHECK ("submissions"."channel" in ('mail', 'web', 'api', 'cli'))
);
--> statement-breakpoint
CREATE TABLE "turns" (
	"game_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state_before" jsonb NOT NULL,
	"dice_state_before" text NOT NULL,
	"orders_used" jsonb,
	"events" jsonb,
	"state_after" jsonb,
	"dice_state_after" text,
	CONSTRAINT "turns_pkey" PRIMARY KEY("game_id","number"),
	CONSTRAINT "turns_status_check" CHECK ("turns"."status" in ('open', 'resolving', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_turn_fk" FOREIGN KEY ("game_id","turn") REFERENCES "public"."turns"("game_id","number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_game_at_idx" ON "audit_log" USING btree ("game_id","at");--> statement-breakpoint
CREATE INDEX "games_status_idx" ON "games" USING btree ("status");--> statement-breakpoint
CREATE INDEX "inbound_messages_game_idx" ON "inbound_messages" USING btree ("game_id","received_at");--> statement-breakpoint
CREATE INDEX "outbox_status_next_attempt_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_token_hash_idx" ON "seats" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "seats_email_idx" ON "seats" USING btree ("email");--> statement-breakpoint
CREATE INDEX "submissions_game_turn_seat_idx" ON "submissions" USING btree ("game_id","turn","seat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_standing_idx" ON "submissions" USING btree ("game_id","turn","seat_id") WHERE "submissions"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "turns_queue_idx" ON "turns" USING btree (least("due_at", "deadline")) WHERE "turns"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "turns_one_in_play_idx" ON "turns" USING btree ("game_id") WHERE "turns"."status" <> 'resolved';