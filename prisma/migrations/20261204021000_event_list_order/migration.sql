-- GET /api/events pages newest first by (created_at, id): a page is a backward range scan of this
-- index from the cursor, however many events the store has.
CREATE INDEX "event_created_at_id_idx" ON "event"("created_at", "id");
