CREATE TABLE "battles" (
	"campaign_id" text NOT NULL,
	"turn" integer NOT NULL,
	"battle_index" integer NOT NULL,
	"game_id" text NOT NULL,
	"title" text NOT NULL,
	"setup" jsonb NOT NULL,
	"deploy_deadline" timestamp with time zone,
	"outcome" jsonb,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battles_pkey" PRIMARY KEY("campaign_id","turn","battle_index")
);
--> statement-breakpoint
ALTER TABLE "turns" DROP CONSTRAINT "turns_status_check";--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_campaign_id_games_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "battles_game_idx" ON "battles" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "battles_deploy_idx" ON "battles" USING btree ("deploy_deadline") WHERE "battles"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_status_check" CHECK ("turns"."status" in ('open', 'resolving', 'battles', 'resolved'));