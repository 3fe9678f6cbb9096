import { en } from './en';
import { ru } from './ru';

/** Keys of a nested dictionary, plural forms folded into their base key (`picks_one` → `picks`). */
function keys(dict: object, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(dict)) {
    const key = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (v && typeof v === 'object') for (const sub of keys(v, `${key}.`)) out.add(sub);
    else out.add(key);
  }
  return out;
}

describe('translations', () => {
  it('Russian has every English key and no extra ones', () => {
    const enKeys = [...keys(en)].sort();
    const ruKeys = [...keys(ru)].sort();
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
  });

  it('Russian plurals have the one/few/many/other forms', () => {
    const walk = (dict: object, path: string[] = []): string[] =>
      Object.entries(dict).flatMap(([k, v]) => (v && typeof v === 'object' ? walk(v, [...path, k]) : k.endsWith('_one') ? [[...path, k.slice(0, -4)].join('.')] : []));
    for (const base of walk(ru)) {
      const parts = base.split('.');
      const leaf = parts.pop()!;
      const group = parts.reduce<Record<string, unknown>>((d, p) => d[p] as Record<string, unknown>, ru as unknown as Record<string, unknown>);
      for (const form of ['one', 'few', 'many', 'other']) expect(group[`${leaf}_${form}`]).toEqual(expect.any(String));
    }
  });

  it('placeholders match between the languages', () => {
    const flat = (dict: object, prefix = ''): [string, string][] =>
      Object.entries(dict).flatMap(([k, v]) =>
        v && typeof v === 'object' ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k.replace(/_(one|few|many|other)$/, '')}`, String(v)] as [string, string]],
      );
    const vars = (s: string) =>
      [...s.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const enVars = new Map(flat(en).map(([k, v]) => [k, vars(v)]));
    for (const [k, v] of flat(ru)) expect(`${k}: ${vars(v)}`).toBe(`${k}: ${enVars.get(k)}`);
  });
});
