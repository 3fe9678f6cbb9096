import { eventGraph, type ForeignKey } from './event-graph';

const fk = (table: string, column: string, references: string): ForeignKey => ({ table, columns: [column], references, referencedColumns: ['id'] });

// A miniature of the schema: the event's rows, a profile and a league outside it, a catalog apart.
const KEYS = [
  fk('event_player', 'event_id', 'event'),
  fk('event_player', 'profile_id', 'player_profile'),
  fk('event_player', 'team_id', 'team'),
  fk('team', 'event_id', 'event'),
  fk('pod', 'event_id', 'event'),
  fk('seat', 'pod_id', 'pod'),
  fk('seat', 'player_id', 'event_player'),
  fk('pick', 'pod_id', 'pod'),
  fk('league_event', 'event_id', 'event'),
  fk('league_event', 'league_id', 'league'),
  fk('set_version', 'set_id', 'card_set'),
  fk('card_set', 'current_version_id', 'set_version'),
];

describe('an event owns every table that hangs off it by foreign keys', () => {
  const graph = eventGraph('event', KEYS);

  it('owned tables come parents first, the event first', () => {
    expect(graph.owned).toEqual(['event', 'league_event', 'pod', 'team', 'event_player', 'pick', 'seat']);
  });

  it('a table owned through two parents belongs through both', () => {
    expect(graph.ownership.seat.map((k) => k.references)).toEqual(['pod', 'event_player']);
  });

  it('profiles and leagues are referenced, not owned; the catalog is neither', () => {
    expect(graph.referenced).toEqual(['league', 'player_profile']);
    expect(graph.references.player_profile.map((k) => `${k.table}.${k.columns[0]}`)).toEqual(['event_player.profile_id']);
    expect(graph.owned).not.toContain('card_set');
  });

  it('a new table that references an owned table is owned with no other change', () => {
    expect(eventGraph('event', [...KEYS, fk('judge_note', 'pod_id', 'pod')]).owned).toContain('judge_note');
  });

  it('owned tables in a cycle are refused: there is no order to insert them in', () => {
    expect(() => eventGraph('event', [...KEYS, fk('pod', 'first_pick', 'pick')])).toThrow(/cycle: pick, pod/);
  });
});
