-- Card text and images when the data has them (issue "Card data as players know it"), and the
-- card's OCTGN GUID when the set came from an OCTGN file (what .o8d deck files name). Part of the
-- set version's content. A set's image URL template ({code}, {number}) is the organizer's, not the
-- data's: it lives on the set and can change without a new version.
ALTER TABLE "card" ADD COLUMN "text" TEXT;
ALTER TABLE "card" ADD COLUMN "image" TEXT;
ALTER TABLE "card" ADD COLUMN "octgn_id" TEXT;
ALTER TABLE "card_set" ADD COLUMN "image_template" TEXT;
