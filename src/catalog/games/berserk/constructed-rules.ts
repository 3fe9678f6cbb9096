import type { ConstructedRules } from '../game-definition';

/** Berserk Constructed: the seeds publish neither a constructed minimum nor a side deck size: not checked. */
export const BERSERK_CONSTRUCTED_RULES: ConstructedRules = { minDeckSize: null, sideDeckSizes: null };
