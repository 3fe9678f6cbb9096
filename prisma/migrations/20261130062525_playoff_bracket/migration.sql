-- AlterTable
ALTER TABLE "round" ADD COLUMN     "bracket" JSONB;

-- AlterTable
ALTER TABLE "match" ADD COLUMN     "slot" INTEGER;

