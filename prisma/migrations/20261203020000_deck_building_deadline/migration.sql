-- Deck-building time: an optional number of minutes from the moment the event reaches deck
-- building (a sealed start, or the last pod's last pick) to the deadline for decks.
ALTER TABLE "event" ADD COLUMN "deck_building_minutes" INTEGER;
ALTER TABLE "event" ADD COLUMN "building_at" TIMESTAMPTZ(3);

-- The moment deck building began is the updated_at of the change that moved the event there (every
-- writer sets updated_at from the application's clock): the sealed start in the API and the draft's
-- finishing pick in podium_commit_picks. Kept here so both paths record it the same way. Undoing
-- round 1 (playing → building) is not a new start of deck building.
CREATE FUNCTION podium_event_building_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'building' AND OLD.state IN ('registration', 'drafting') THEN
    NEW.building_at := NEW.updated_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER event_building_at BEFORE UPDATE OF state ON "event"
  FOR EACH ROW EXECUTE FUNCTION podium_event_building_at();

-- Events already building or later: their deck building began when they started (sealed) or
-- when their last pod completed (draft).
UPDATE "event" e SET building_at = coalesce(
  (SELECT max(p.completed_at) FROM pod p WHERE p.event_id = e.id AND e.format = 'draft'),
  e.started_at)
WHERE e.state IN ('building', 'playing', 'complete');
