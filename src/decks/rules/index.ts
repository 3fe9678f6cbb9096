/** Deck rules: pure checks of a deck against its game's rules profile. */
export { normalizeCardName } from './card-name';
export { classAllows, classRestriction } from './class-restriction.rule';
export { CONSTRUCTED_RULES } from './constructed-rules';
export { copyLimitOf } from './copy-limit.rule';
export { checkDeck, DECK_RULES } from './deck-check';
export type { DeckContext, DeckRule } from './deck-context';
export { factionAllows } from './faction.rule';
export { heroMayPlay } from './hero-may-play';
export { sideboardOf } from './sideboard.rule';
export { talentAllows } from './talent.rule';
export * from './types';
export { unknownCardViolation, unknownCardViolations } from './unknown-card.rule';
export { teamFactionViolations, type TeamMemberHero } from './team-faction.rule';
export { placeSubmission, soloViolations, teamRegistration, type SubmissionPlace, type TeamDeck } from './deck-registration';
export { assertDeckMinimum, deckMinimumFloor, mainDeckMinimum } from './deck-minimum';
