-- A tactical battle's setup is turn 0 on the turn queue, as a campaign's is: a tactical game still in setup from
-- before (its fleets in seats.fleet, no turn 0) gets the kind's own settings, the battle before setup as its state,
-- an open turn 0 (a linked battle's due at its deployment deadline) and each fleet already in as its seat's
-- submission for turn 0. Games past setup keep what they have: their fleets are read from seats.fleet as before.
UPDATE "games" AS g SET
  "settings" = (g."settings" - 'soloFleets') || jsonb_build_object('kindSettings', jsonb_build_object(
    'map', g."settings" -> 'map',
    'sides', g."settings" -> 'sides',
    'budget', COALESCE(g."settings" -> 'budget', '45'::jsonb),
    'sizes', COALESCE(g."settings" -> 'sizes', '[10, 15, 20]'::jsonb),
    'zones', COALESCE(g."settings" -> 'zones', '{}'::jsonb),
    'turnHours', COALESCE(g."settings" -> 'turnHours', 'null'::jsonb),
    'setupHours', 'null'::jsonb,
    'turnLimit', COALESCE(g."settings" -> 'turnLimit', 'null'::jsonb),
    'noOrders', COALESCE(g."settings" -> 'noOrders', '"standing"'::jsonb),
    'solo', COALESCE(g."settings" -> 'solo', '[]'::jsonb),
    'fleets', COALESCE(g."settings" -> 'soloFleets', '{}'::jsonb)
  ) || COALESCE((
    SELECT jsonb_build_object('linked', jsonb_build_object(
      'ships', b."setup" -> 'ships', 'defaultPlacement', b."setup" -> 'defaultPlacement'))
    FROM "battles" AS b WHERE b."game_id" = g."id"
  ), '{}'::jsonb)),
  "state" = jsonb_build_object(
    'map', g."settings" -> 'map',
    'turn', 1,
    'sides', (SELECT jsonb_agg(s.side -> 'id' ORDER BY s.n) FROM jsonb_array_elements(g."settings" -> 'sides')
              WITH ORDINALITY AS s(side, n)),
    'solo', COALESCE(g."settings" -> 'solo', '[]'::jsonb),
    'ships', '[]'::jsonb,
    'turnLimit', COALESCE(g."settings" -> 'turnLimit', 'null'::jsonb),
    'conceded', '[]'::jsonb
  )
WHERE g."ruleset" = 'msc-tactical' AND g."status" = 'setup' AND g."current_turn" = 0
  AND NOT (g."settings" ? 'kindSettings')
  AND NOT EXISTS (SELECT 1 FROM "turns" AS t WHERE t."game_id" = g."id" AND t."number" = 0);
--> statement-breakpoint
INSERT INTO "turns" ("game_id", "number", "status", "opened_at", "deadline", "reminders_sent", "state_before",
  "dice_state_before")
SELECT g."id", 0, 'open', g."created_at",
  (SELECT b."deploy_deadline" FROM "battles" AS b WHERE b."game_id" = g."id"), '[]'::jsonb, g."state", g."dice_state"
FROM "games" AS g
WHERE g."ruleset" = 'msc-tactical' AND g."status" = 'setup' AND g."current_turn" = 0 AND g."settings" ? 'kindSettings'
  AND NOT EXISTS (SELECT 1 FROM "turns" AS t WHERE t."game_id" = g."id" AND t."number" = 0);
--> statement-breakpoint
INSERT INTO "submissions" ("game_id", "turn", "seat_id", "channel", "text", "orders", "received_at")
SELECT s."game_id", 0, s."id", 'api', NULL, s."fleet", now()
FROM "seats" AS s JOIN "games" AS g ON g."id" = s."game_id"
WHERE g."ruleset" = 'msc-tactical' AND g."status" = 'setup' AND s."fleet" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "turns" AS t WHERE t."game_id" = g."id" AND t."number" = 0 AND t."status" = 'open')
  AND NOT EXISTS (SELECT 1 FROM "submissions" AS x WHERE x."game_id" = s."game_id" AND x."turn" = 0
                  AND x."seat_id" = s."id");
