-- Sideboarding between the games of a match, the event's choice (docs/rules.md "Sideboarding
-- allowed or not"). Expand only: the default keeps every existing event as it was.
ALTER TABLE "event" ADD COLUMN "sideboarding" BOOLEAN NOT NULL DEFAULT true;
