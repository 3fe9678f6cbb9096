import { formatReport, kindOf, resultLine } from './format-report';
import { reportOf, type VerificationItem } from './verification-report';

const event = { id: 'e-1', name: 'Friday Draft', game: 'wow-tcg', format: 'draft', state: 'complete', seedCommitment: 'abc', seed: 's-1' } as never;

describe('formatReport', () => {
  it('groups items by kind', () => {
    expect(
      [
        'seedCommitment',
        'seed',
        'seed not revealed',
        'dataVersion HOA',
        'pod sizes',
        'seating pod-2',
        'pack pack/player-1/pack-3',
        'picks pod-1',
        'pick pod-1 round-1 pick-1 seat-0',
      ].map(kindOf),
    ).toEqual(['seed commitment', 'seed', 'seed', 'set data versions', 'pod sizes', 'seating', 'packs', 'pick log consistency', 'bot / timeout picks']);
  });

  it('prints counts, every mismatch with expected and actual, unverifiable items and the result', () => {
    const items: VerificationItem[] = [
      { item: 'seedCommitment', status: 'match', expected: 'abc', actual: 'abc' },
      {
        item: 'pack pack/pod-1/seat-0/round-1',
        status: 'mismatch',
        expected: ['HOA-1', 'HOA-2'],
        actual: ['HOA-1', 'HOA-3'],
        message: 'the recorded cards are not the pack the seed opens',
      },
      { item: 'pick pod-1 round-1 pick-2 seat-1', status: 'unverifiable', expected: 'HOA-2', actual: 'HOA-1', message: 'preselected card' },
    ];
    const text = formatReport(reportOf(items), { event });
    expect(text).toContain('Podium event verification: Friday Draft (wow-tcg draft, complete)');
    expect(text).toMatch(/packs\s+0\s+1\s+0/);
    expect(text).toContain(
      '  ✗ pack pack/pod-1/seat-0/round-1\n      the recorded cards are not the pack the seed opens\n      expected: HOA-1, HOA-2\n      actual:   HOA-1, HOA-3\n',
    );
    expect(text).toContain('  ? pick pod-1 round-1 pick-2 seat-1: preselected card');
    expect(text.trimEnd().split('\n').pop()).toBe('FAILED: 1 of 2 checked items mismatch (1 unverifiable)');
  });

  it('result lines: all match, nothing verifiable', () => {
    expect(resultLine(reportOf([{ item: 'seedCommitment', status: 'match' }]))).toBe('OK: all 1 checked items match');
    expect(resultLine(reportOf([{ item: 'seed not revealed', status: 'unverifiable' }]))).toBe('FAILED: nothing could be verified (1 unverifiable)');
  });
});
