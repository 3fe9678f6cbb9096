import { createContext, useContext } from 'react';
import type { Permission } from './use-organizer';

/**
 * What the signed-in role may do in the event the console shows (GET /api/me's permissions for
 * the event's store). Panels hide what it may not do rather than offer a button the server refuses.
 * Outside a console (no provider) nothing is allowed.
 */
export const EventPermissions = createContext<(permission: Permission) => boolean>(() => false);

/** `may(permission)` for the event on screen. */
export const useMay = (): ((permission: Permission) => boolean) => useContext(EventPermissions);
