import { contractBreaks, newestRelease, type ReleaseSchema } from './release-schema';

const release: ReleaseSchema = {
  version: '0.1.0',
  migrations: ['20261130050000_catalog'],
  tables: { pod: { id: 'uuid | NOT NULL', seq: 'integer | NOT NULL | DEFAULT 0', paused_at: 'timestamp(3) with time zone' } },
  indexes: { pod_pkey: 'CREATE UNIQUE INDEX pod_pkey ON public.pod USING btree (id)' },
  constraints: { 'pod.pod_pkey': 'PRIMARY KEY (id)' },
  triggers: {},
  functions: { 'podium_commit_pods(uuid[])': 'CREATE FUNCTION podium_commit_pods(p_pods uuid[]) … $$ BEGIN … END $$' },
};
const next = (change: (s: ReleaseSchema) => void): ReleaseSchema => {
  const copy = structuredClone(release);
  copy.version = '0.2.0';
  copy.migrations.push('20261204030000_timer_claims');
  change(copy);
  return copy;
};

describe('expand then contract (rolling upgrades)', () => {
  it('expand only: new tables, nullable columns, columns with a default, new functions and indexes break nothing', () => {
    const grown = next((s) => {
      s.tables.rate_limit_hit = { key: 'text | NOT NULL' };
      s.tables.pod.claimed_by = 'integer';
      s.tables.pod.claimed_at = 'integer | NOT NULL | DEFAULT 0';
      s.functions['podium_commit_pods_v2(uuid[])'] = '…';
      s.indexes.event_drafting_idx = 'CREATE INDEX …';
    });
    expect(contractBreaks(release, grown)).toEqual([]);
  });

  it('a dropped function the release calls breaks it (the upgrade that answered 500 on every pick)', () => {
    const breaks = contractBreaks(
      release,
      next((s) => delete s.functions['podium_commit_pods(uuid[])']),
    );
    expect(breaks).toEqual([{ kind: 'function', name: 'podium_commit_pods(uuid[])', problem: expect.stringMatching(/dropped/) }]);
  });

  it('a dropped or renamed column, a changed type or a dropped table breaks the release', () => {
    expect(
      contractBreaks(
        release,
        next((s) => delete s.tables.pod.paused_at),
      ).map((b) => b.name),
    ).toEqual(['pod.paused_at']);
    expect(
      contractBreaks(
        release,
        next((s) => (s.tables.pod.seq = 'bigint | NOT NULL | DEFAULT 0')),
      )[0].problem,
    ).toMatch(/changed from/);
    expect(
      contractBreaks(
        release,
        next((s) => delete s.tables.pod),
      ).map((b) => `${b.kind} ${b.name}`),
    ).toEqual(['table pod']);
  });

  it('a column added NOT NULL without a default breaks the release’s inserts', () => {
    expect(
      contractBreaks(
        release,
        next((s) => (s.tables.pod.owner = 'uuid | NOT NULL')),
      ).map((b) => b.kind),
    ).toEqual(['new-column']);
  });

  it('a changed function body, a dropped index or constraint, and a removed migration break the release', () => {
    const breaks = contractBreaks(
      release,
      next((s) => {
        s.functions['podium_commit_pods(uuid[])'] = 'CREATE FUNCTION … something else';
        delete s.indexes.pod_pkey;
        delete s.constraints['pod.pod_pkey'];
        s.migrations = s.migrations.slice(1);
      }),
    );
    expect(breaks.map((b) => b.kind).sort()).toEqual(['constraint', 'function', 'index', 'migration']);
  });

  it('the newest release is chosen by version number, not by text', () => {
    expect(newestRelease([{ ...release, version: '0.9.0' }, { ...release, version: '0.10.0' }, release])?.version).toBe('0.10.0');
  });
});
