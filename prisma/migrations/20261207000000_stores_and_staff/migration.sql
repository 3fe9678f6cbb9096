-- Stores, staff accounts, sessions, API tokens and invites (issue "Staff accounts, stores and an
-- audit trail"). Every event and league belongs to a store; those made before stores existed
-- belong to the first store, made here, which the owner names at setup.
CREATE TABLE "store" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "store_pkey" PRIMARY KEY ("id")
);
INSERT INTO "store" ("id", "name", "created_at") VALUES (gen_random_uuid(), 'My store', CURRENT_TIMESTAMP);

CREATE TABLE "account" (
    "id" UUID NOT NULL,
    "username" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "server_owner" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "account_username_key" ON "account"("username");

CREATE TABLE "staff_role" (
    "store_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "staff_role_pkey" PRIMARY KEY ("store_id", "account_id"),
    CONSTRAINT "staff_role_role_check" CHECK ("role" IN ('owner', 'organizer', 'scorekeeper', 'judge')),
    CONSTRAINT "staff_role_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "staff_role_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "staff_role_account_id_idx" ON "staff_role"("account_id");

CREATE TABLE "staff_session" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "staff_session_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_session_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "staff_session_token_hash_key" ON "staff_session"("token_hash");
CREATE INDEX "staff_session_account_id_idx" ON "staff_session"("account_id");

CREATE TABLE "api_token" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_token_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "api_token_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "api_token_token_hash_key" ON "api_token"("token_hash");
CREATE INDEX "api_token_account_id_idx" ON "api_token"("account_id");

CREATE TABLE "staff_invite" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "store_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "server_owner" BOOLEAN NOT NULL DEFAULT false,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "used_by" UUID,
    CONSTRAINT "staff_invite_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_invite_role_check" CHECK ("role" IN ('owner', 'organizer', 'scorekeeper', 'judge')),
    CONSTRAINT "staff_invite_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "staff_invite_token_hash_key" ON "staff_invite"("token_hash");

-- Events and leagues of the time before stores belong to the first store.
ALTER TABLE "event" ADD COLUMN "store_id" UUID;
UPDATE "event" SET "store_id" = (SELECT "id" FROM "store" ORDER BY "created_at", "id" LIMIT 1);
ALTER TABLE "event" ALTER COLUMN "store_id" SET NOT NULL;
ALTER TABLE "event" ADD CONSTRAINT "event_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "event_store_id_idx" ON "event"("store_id");

ALTER TABLE "league" ADD COLUMN "store_id" UUID;
UPDATE "league" SET "store_id" = (SELECT "id" FROM "store" ORDER BY "created_at", "id" LIMIT 1);
ALTER TABLE "league" ALTER COLUMN "store_id" SET NOT NULL;
ALTER TABLE "league" ADD CONSTRAINT "league_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "league_member_store" (
    "league_id" UUID NOT NULL,
    "store_id" UUID NOT NULL,
    CONSTRAINT "league_member_store_pkey" PRIMARY KEY ("league_id", "store_id"),
    CONSTRAINT "league_member_store_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "league"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "league_member_store_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Expand before contract: the release before this one inserts events and leagues without a
-- store; its rows go to the first store while both run side by side.
CREATE FUNCTION "podium_first_store"() RETURNS UUID LANGUAGE sql STABLE AS $$ SELECT "id" FROM "store" ORDER BY "created_at", "id" LIMIT 1 $$;
ALTER TABLE "event" ALTER COLUMN "store_id" SET DEFAULT "podium_first_store"();
ALTER TABLE "league" ALTER COLUMN "store_id" SET DEFAULT "podium_first_store"();
