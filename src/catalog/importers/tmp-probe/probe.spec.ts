import { parseSetFile } from '../index';
const run = (label: string, f: () => unknown) => {
  const t = Date.now();
  try { const r = f(); console.log(label, 'OK', JSON.stringify(r).slice(0, 200)); } catch (e: any) { console.log(label, e.code ?? e.name, String(e.message).slice(0, 200), Date.now() - t, 'ms'); }
};
it('probe', () => {
  const deep = '['.repeat(100000) + ']'.repeat(100000);
  run('product deep', () => parseSetFile('product', `{"format":"podium-set","formatVersion":1,"game":"wow-tcg","code":"X","name":"x","cards":[],"zz":${deep}}`));
  run('wowtcg deep name', () => parseSetFile('wowtcg-json', `[{"name":${deep},"no":1}]`));
  run('berserk deep', () => parseSetFile('berserk-json', `{"cards":[{"name":${deep}}]}`));
  run('wowtcg big', () => parseSetFile('wowtcg-json', `[{"name":"a","no":"${'9'.repeat(100000)}"}]`).length);
});
