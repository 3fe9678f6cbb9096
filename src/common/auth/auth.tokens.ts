/** Injection token: the organizer bearer token (plain text, from config or .data/organizer-token). */
export const ORGANIZER_TOKEN = Symbol('ORGANIZER_TOKEN');
