import { thrown } from '../../../test/utils/thrown';
import { assertTeamNameFree, autoTeamName, normalizeTeamName, teamNameKey } from './team-names';

describe('team names', () => {
  it('a team name is shown trimmed, with runs of white space as one space', () => {
    expect(normalizeTeamName('  The \t Murloc\n Kings ')).toBe('The Murloc Kings');
  });

  it('two names are the same when they differ only in case and extra spaces', () => {
    expect(teamNameKey('Alpha ')).toBe(teamNameKey('alpha'));
    expect(teamNameKey(' Red   Dragons')).toBe('red dragons');
  });

  it('automatic teams are named after their number, then "(2)", "(3)"… while the name is taken', () => {
    expect(autoTeamName(4)).toBe('Team 4');
    expect(autoTeamName(4, 1)).toBe('Team 4');
    expect(autoTeamName(4, 2)).toBe('Team 4 (2)');
    expect(autoTeamName(12, 3)).toBe('Team 12 (3)');
  });

  it('a name a team chose cannot be registered by a second team', () => {
    expect(thrown(() => assertTeamNameFree({ name: 'Alpha' }, 'alpha'))).toMatchObject({
      code: 'ALREADY_REGISTERED',
      message: 'The team "Alpha" is already registered (names ignore case and extra spaces)',
      details: [{ field: 'name', rule: 'uniqueTeamName', message: 'team name taken' }],
    });
  });

  it('a free name, or a taken automatic one (it takes the next free name), is no error', () => {
    expect(() => assertTeamNameFree(null, 'Alpha')).not.toThrow();
    expect(() => assertTeamNameFree(null, null)).not.toThrow();
    expect(() => assertTeamNameFree({ name: 'Team 3' }, null)).not.toThrow();
  });
});
