ALTER TABLE "turns" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "turns_reminder_idx" ON "turns" USING btree ("next_reminder_at") WHERE "turns"."next_reminder_at" is not null;--> statement-breakpoint
-- Open turns waiting for orders get the moment their first reminder not yet sent falls due (the earliest of
-- deadline - h hours over the game's reminderHours, 24 and 2 when unset); a reminder due already goes at the next pass.
UPDATE "turns" AS t SET "next_reminder_at" = (
  SELECT min(t."deadline" - (h.value::text)::float8 * interval '1 hour')
  FROM jsonb_array_elements(coalesce(g."settings" -> 'reminderHours', '[24, 2]'::jsonb)) AS h(value)
  WHERE NOT (t."reminders_sent" ? (h.value::text || 'h'))
)
FROM "games" AS g
WHERE g."id" = t."game_id"
  AND t."status" = 'open'
  AND t."due_at" IS NULL
  AND t."deadline" IS NOT NULL
  AND (g."status" = 'active' OR (g."status" = 'setup' AND t."number" = 0));
