/**
 * Injection token: the resolved PostgreSQL connection URL of pooled work (DATABASE_URL: PostgreSQL
 * itself or a transaction-pooling PgBouncer). Nothing sent over it may rely on the session
 * outliving a transaction: no LISTEN, SET, session advisory lock, named prepared statement or
 * pg_backend_pid() that must name this process (those go over DATABASE_DIRECT_URL).
 */
export const DATABASE_URL = Symbol('DATABASE_URL');
/**
 * Injection token: the URL of session-bound connections (LISTEN, session advisory locks, the
 * presence and notify connections): DATABASE_DIRECT_URL, else the same as DATABASE_URL.
 */
export const DATABASE_DIRECT_URL = Symbol('DATABASE_DIRECT_URL');
/** Injection token: the connections' timeouts (DatabaseTimeouts, guarded-pg.ts), from the configuration. */
export const DATABASE_TIMEOUTS = Symbol('DATABASE_TIMEOUTS');
