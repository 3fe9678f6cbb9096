#!/usr/bin/env bash
# Writes a new Prisma migration from the change in prisma/schema.prisma since the last commit.
#
# Prisma 7's `migrate dev` needs its native schema engine, which cannot be downloaded everywhere.
# Prisma 6 ships a WebAssembly schema engine that can diff two schema files; it only needs a
# reachable PostgreSQL for its adapter (any server: pass its URL as DIFF_DATABASE_URL, e.g. the
# embedded one the server logs, or a local one). Nothing is written to that database.
#
# Usage: DIFF_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres scripts/migration-diff.sh add_events
set -euo pipefail
name=${1:?usage: scripts/migration-diff.sh <migration_name>}
: "${DIFF_DATABASE_URL:?set DIFF_DATABASE_URL to any reachable PostgreSQL}"
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --no-save --ignore-scripts prisma@6.19.3 @prisma/adapter-pg@6.19.3 pg >/dev/null
cat > prisma.config.ts <<TS
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
export default defineConfig({
  engine: 'js',
  experimental: { adapter: true },
  schema: 'new.prisma',
  adapter: async () => new PrismaPg({ connectionString: process.env.DIFF_DATABASE_URL }),
} as any);
TS
# Prisma 6 wants `url` in the datasource and a prisma-client-js generator.
to_v6() { sed -e 's/provider = "postgresql"/provider = "postgresql"\n  url = env("DATABASE_URL")/' -e '/^generator client/,/^}/d'; echo 'generator client {
  provider = "prisma-client-js"
}'; }
to_v6 < "$root/prisma/schema.prisma" > new.prisma
if git -C "$root" show HEAD:prisma/schema.prisma > old-v7.prisma 2>/dev/null; then
  to_v6 < old-v7.prisma > old.prisma
  from=(--from-schema-datamodel old.prisma)
else
  from=(--from-empty)
fi
touch fake-engine
dir="$root/prisma/migrations/$(date -u +%Y%m%d%H%M%S)_$name"
mkdir -p "$dir"
DATABASE_URL=$DIFF_DATABASE_URL PRISMA_QUERY_ENGINE_LIBRARY=$work/fake-engine \
  npx prisma migrate diff "${from[@]}" --to-schema-datamodel new.prisma --script \
  | grep -v '^CREATE SCHEMA IF NOT EXISTS "public";' > "$dir/migration.sql"
echo "wrote $dir/migration.sql"
