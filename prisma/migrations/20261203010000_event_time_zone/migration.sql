-- The event's time zone (IANA name) for the times in printed and exported pairings; NULL: the
-- server's own zone.
ALTER TABLE "event" ADD COLUMN "time_zone" TEXT;
