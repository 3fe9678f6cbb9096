/** Injection token: the resolved PostgreSQL connection URL (for the few that need their own `pg` connection, e.g. LISTEN). */
export const DATABASE_URL = Symbol('DATABASE_URL');
/** Injection token: the connections' timeouts (DatabaseTimeouts, guarded-pg.ts), from the configuration. */
export const DATABASE_TIMEOUTS = Symbol('DATABASE_TIMEOUTS');
