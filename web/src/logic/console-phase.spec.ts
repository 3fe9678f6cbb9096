import { consolePhase, nextStep, phaseSteps, type PhaseInput } from './console-phase';

const at = (over: Partial<PhaseInput>): PhaseInput => ({ state: 'registration', drafts: true, physical: false, roundCount: 0, latestRound: null, seedRevealed: false, ...over });

describe('the console by phase: registration → draft/building → rounds → cut → finished', () => {
  it('the phase follows the event state and the latest round', () => {
    expect(consolePhase(at({}))).toBe('registration');
    expect(consolePhase(at({ state: 'drafting' }))).toBe('draft');
    expect(consolePhase(at({ state: 'building' }))).toBe('building');
    expect(consolePhase(at({ state: 'playing', roundCount: 2, latestRound: { kind: 'swiss', open: 1, matches: 4 } }))).toBe('rounds');
    expect(consolePhase(at({ state: 'playing', roundCount: 4, latestRound: { kind: 'playoff', open: 2, matches: 2 } }))).toBe('cut');
    expect(consolePhase(at({ state: 'complete', roundCount: 4 }))).toBe('finished');
    expect(consolePhase(at({ state: 'cancelled' }))).toBe('cancelled');
  });

  it('a sealed night has no draft step', () => {
    expect(phaseSteps(false)).toEqual(['registration', 'building', 'rounds', 'cut', 'finished']);
    expect(phaseSteps(true)).toEqual(['registration', 'draft', 'building', 'rounds', 'cut', 'finished']);
  });

  it('the next action: start, watch the draft (or end a table draft), pair round 1', () => {
    expect(nextStep(at({}))).toBe('start');
    expect(nextStep(at({ state: 'drafting' }))).toBe('watchDraft');
    expect(nextStep(at({ state: 'drafting', physical: true }))).toBe('finishTableDraft');
    expect(nextStep(at({ state: 'building' }))).toBe('pairFirstRound');
  });

  it('during rounds: results while matches are open, then the next round', () => {
    expect(nextStep(at({ state: 'playing', roundCount: 1, latestRound: { kind: 'swiss', open: 3, matches: 4 } }))).toBe('enterResults');
    expect(nextStep(at({ state: 'playing', roundCount: 1, latestRound: { kind: 'swiss', open: 0, matches: 4 } }))).toBe('pairNextRound');
  });

  it('top cut: the next playoff round, and once the final has its result, complete', () => {
    expect(nextStep(at({ state: 'playing', roundCount: 4, latestRound: { kind: 'playoff', open: 0, matches: 2 } }))).toBe('pairNextPlayoff');
    expect(nextStep(at({ state: 'playing', roundCount: 5, latestRound: { kind: 'playoff', open: 1, matches: 1 } }))).toBe('enterResults');
    expect(nextStep(at({ state: 'playing', roundCount: 5, latestRound: { kind: 'playoff', open: 0, matches: 1 } }))).toBe('completeEvent');
  });

  it('finished: reveal the seed, then nothing is left to do', () => {
    expect(nextStep(at({ state: 'complete', roundCount: 5 }))).toBe('revealSeed');
    expect(nextStep(at({ state: 'complete', roundCount: 5, seedRevealed: true }))).toBe('done');
  });
});
