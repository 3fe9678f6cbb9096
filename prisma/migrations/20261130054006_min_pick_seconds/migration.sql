-- AlterTable
ALTER TABLE "event" ADD COLUMN     "min_pick_seconds" INTEGER NOT NULL DEFAULT 5;

