-- Event codes: a short code per event (6 characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ, no 0/O,
-- 1/I), unique and never reused: every code ever handed out stays in event_code, also after its
-- event is deleted (event_id then NULL), so an old QR code or link never opens another event.
CREATE TABLE "event_code" (
  "code" TEXT PRIMARY KEY,
  "event_id" UUID UNIQUE REFERENCES "event"("id") ON DELETE SET NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

ALTER TABLE "event" ADD COLUMN "code" TEXT;

-- Events created before codes existed get one derived from their id (retried on a clash).
DO $$
DECLARE
  e RECORD;
  alphabet CONSTANT TEXT := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  candidate TEXT;
  attempt INT;
  h BYTEA;
BEGIN
  FOR e IN SELECT id FROM "event" WHERE "code" IS NULL ORDER BY "created_at", "id" LOOP
    attempt := 0;
    LOOP
      h := decode(md5(e.id::text || ':' || attempt), 'hex');
      candidate := '';
      FOR i IN 0..5 LOOP
        candidate := candidate || substr(alphabet, (get_byte(h, i) % 32) + 1, 1);
      END LOOP;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "event_code" WHERE "code" = candidate);
      attempt := attempt + 1;
    END LOOP;
    INSERT INTO "event_code" ("code", "event_id") VALUES (candidate, e.id);
    UPDATE "event" SET "code" = candidate WHERE id = e.id;
  END LOOP;
END $$;

ALTER TABLE "event" ALTER COLUMN "code" SET NOT NULL;
CREATE UNIQUE INDEX "event_code_key" ON "event"("code");
