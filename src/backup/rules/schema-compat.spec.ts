import { judgeBackupSchema, judgeTargetSchema } from './schema-compat';

const m = (name: string, checksum = `sum-${name}`) => ({ name, checksum });
const code = [m('1_a'), m('2_b'), m('3_c')];

describe('a backup restores only onto the schema it was taken with', () => {
  it('a backup of the same schema builds every migration', () => {
    expect(judgeBackupSchema(code, code)).toEqual({ ok: true, upTo: ['1_a', '2_b', '3_c'] });
  });

  it('a backup of an older release builds only its own migrations (the rest come at the next start)', () => {
    expect(judgeBackupSchema([m('1_a'), m('2_b')], code)).toEqual({ ok: true, upTo: ['1_a', '2_b'] });
  });

  it('a backup with a migration this code does not know is newer: refused with the names', () => {
    expect(judgeBackupSchema([...code, m('4_d')], code)).toEqual({ ok: false, reason: 'newer', migrations: ['4_d'] });
  });

  it('a migration whose file changed since the backup was taken is refused', () => {
    expect(judgeBackupSchema([m('1_a'), m('2_b', 'other')], code)).toEqual({ ok: false, reason: 'changed', migrations: ['2_b'] });
  });

  it('a backup that skipped one of the code’s earlier migrations is refused', () => {
    expect(judgeBackupSchema([m('1_a'), m('3_c')], code)).toEqual({ ok: false, reason: 'gaps', migrations: ['2_b'] });
  });
});

describe('the target database must be empty or an earlier state of the backup’s schema', () => {
  it('an empty database gets every migration of the backup', () => {
    expect(judgeTargetSchema([], ['1_a', '2_b'])).toEqual({ ok: true, toApply: ['1_a', '2_b'] });
  });

  it('a database migrated part of the way gets the rest', () => {
    expect(judgeTargetSchema(['1_a'], ['1_a', '2_b'])).toEqual({ ok: true, toApply: ['2_b'] });
  });

  it('a database with a migration the backup lacks is newer: refused', () => {
    expect(judgeTargetSchema(['1_a', '2_b', '3_c'], ['1_a', '2_b'])).toEqual({ ok: false, migrations: ['3_c'] });
  });
});
