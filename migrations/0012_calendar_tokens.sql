CREATE TABLE "calendar_tokens" (
	"email" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_tokens_hash_idx" ON "calendar_tokens" USING btree ("token_hash");