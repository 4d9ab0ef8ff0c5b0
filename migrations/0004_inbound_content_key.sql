ALTER TABLE "inbound_messages" ADD COLUMN "content_key" text;--> statement-breakpoint
CREATE INDEX "inbound_messages_content_idx" ON "inbound_messages" USING btree ("content_key");