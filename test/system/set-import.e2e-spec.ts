import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { SetImporter } from '../../src/catalog/set-importer';
import { fixture, shipped } from '../utils/files';
import { createTestApp, type TestApp } from '../utils/test-app';

/** The small Icecrown-era OCTGN set of the importer's fixtures (Scourge heroes and allies, a Master Hero). */
const iccExcerpt = (): string => readFileSync(join(__dirname, '..', '..', 'src', 'catalog', 'importers', '__fixtures__', 'octgn-icc-excerpt.xml'), 'utf8');

describe('set import (organizer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (query: string, body: string, type = 'application/json') =>
    t.http().post(`/api/sets/import?${query}`).set('authorization', t.organizer).set('content-type', type).send(body);

  const versionsOf = async (code: string) => t.prisma.setVersion.count({ where: { set: { codeKey: code.toLowerCase() } } });

  it('a set file is prepared in a worker thread, not on the event loop; its errors arrive as the same 4xx', async () => {
    const importer = t.app.get(SetImporter);
    await post('format=product', shipped('wow-tcg-hoa.json')).expect(200);
    expect(importer.lastPreparedOn).not.toBeNull();
    expect(importer.lastPreparedOn).not.toBe(threadId);
    const bad = await post('format=product', '{"game":"wow-tcg","code":"BAD","name":"Bad","cards":[{"number":1}]}').expect(422);
    expect(bad.body).toMatchObject({ statusCode: 422, code: 'IMPORT_INVALID' });
    expect(bad.body.details.length).toBeGreaterThan(0);
  });

  describe('organizer token', () => {
    it('is required: 401 without it', async () => {
      const res = await t.http().post('/api/sets/import?format=product').set('content-type', 'application/json').send('{}').expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    });

    it('must be the right one: 401 with another', async () => {
      const res = await t.http().post('/api/sets/import?format=product').set('authorization', 'Bearer not-the-organizer-token').send('{}').expect(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });
  });

  describe('each format', () => {
    it('product JSON (the shipped format) imports and a second time changes nothing', async () => {
      await t.prisma.cardSet.deleteMany({ where: { codeKey: 'tdp' } });
      const text = shipped('wow-tcg-tdp.json');
      const first = await post('format=product', text).expect(200);
      expect(first.body).toMatchObject({ status: 'created', game: 'wow-tcg', code: 'TDP', name: 'Through the Dark Portal', packSizes: [15] });
      const cardsBefore = await t.prisma.card.count();
      const again = await post('format=product', text).expect(200);
      expect(again.body).toMatchObject({ status: 'unchanged', dataVersion: first.body.dataVersion });
      expect(await t.prisma.card.count()).toBe(cardsBefore);
      expect(await versionsOf('TDP')).toBe(1);
    });

    it('OCTGN set XML with its <packaging> booster definition (epic 1 in 8 → weights 1:7)', async () => {
      const res = await post('format=octgn&code=XDOW', fixture('octgn-dow.xml'), 'application/xml').expect(200);
      expect(res.body).toMatchObject({ status: 'created', game: 'wow-tcg', code: 'XDOW', name: 'Drums of War', cardCount: 268, packSizes: [19] });
      const weights = res.body.boosterLayout.variants.map((v: { weight: number }) => v.weight).sort();
      expect(weights).toEqual([1, 7]);
      const packs = await t.http().post('/api/sets/xdow/boosters').send({ count: 5, seed: 'octgn' }).expect(200);
      for (const pack of packs.body.packs) expect(pack.cards.filter((c: { type: string }) => c.type === 'hero')).toHaveLength(1);
    });

    it('OCTGN without ?code= derives the set code from the set name', async () => {
      await t.prisma.cardSet.deleteMany({ where: { codeKey: 'dow' } });
      const res = await post('format=octgn', fixture('octgn-dow.xml'), 'text/xml').expect(200);
      expect(res.body).toMatchObject({ status: 'created', code: 'DOW' });
    });

    it('WoW TCG JSON, with p/l rows as printings', async () => {
      await t.prisma.cardSet.deleteMany({ where: { codeKey: 'foo' } });
      const res = await post('format=wowtcg-json', fixture('wowtcg-foo.json')).expect(200);
      expect(res.body).toMatchObject({ status: 'created', code: 'FOO', name: 'Fires of Outland', packSizes: [15] });
      const rows = JSON.parse(fixture('wowtcg-foo.json')) as { rarity: string }[];
      expect(res.body.cardCount).toBe(rows.filter((r) => r.rarity !== 'p' && r.rarity !== 'l').length);
    });

    it('Berserk sets.json: ?set= picks a set; the Berserk default layout applies', async () => {
      // S2 ships with the product (the same data: unchanged); under another code it is a new set.
      expect((await post('format=berserk-json&set=s2', fixture('berserk-sets.json')).expect(200)).body).toMatchObject({ status: 'unchanged', code: 'S2' });
      const res = await post('format=berserk-json&set=s2&code=B2', fixture('berserk-sets.json')).expect(200);
      expect(res.body).toMatchObject({ status: 'created', game: 'berserk', code: 'B2', packSizes: [12] });
    });

    it('Berserk sets.json with several sets and no ?set= asks for one', async () => {
      const res = await post('format=berserk-json', fixture('berserk-sets.json')).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'set', rule: 'required' })] });
    });

    it('the same content in the same format is the same data version as the shipped one', async () => {
      const res = await post('format=product', shipped('berserk-s1.json')).expect(200);
      expect(res.body.status).toBe('unchanged');
    });
  });

  describe('the Icecrown era (Scourge)', () => {
    const icc = iccExcerpt();

    it("rule: an OCTGN file with Scourge heroes, allies and a Master Hero imports; a Scourge hero's deck is checked by faction", async () => {
      const res = await post('format=octgn', icc, 'application/xml').expect(200);
      expect(res.body).toMatchObject({ status: 'created', game: 'wow-tcg', code: 'ICC', cardCount: 9 });
      const cards = (await t.http().get('/api/sets/ICC/cards?game=wow-tcg').expect(200)).body.items as {
        cardId: string;
        name: string;
        type: string;
        attributes: { faction: string };
      }[];
      const id = (name: string) => cards.find((c) => c.name === name)!.cardId;
      expect(cards.find((c) => c.name === 'Vexa the Risen')!.attributes.faction).toBe('Scourge');
      expect(cards.find((c) => c.name === 'The Frost Monarch')!.type).toBe('master-hero');
      const check = (hero: string, main: { cardId: string; count: number }[]) =>
        t.http().post('/api/decks/check').send({ game: 'wow-tcg', format: 'limited', hero, main }).expect(200);
      const scourgeDeck = [
        { cardId: id('Ghoul of the Frozen Throne'), count: 20 },
        { cardId: id('Frostbound Wanderer'), count: 10 },
      ];
      expect((await check(id('Vexa the Risen'), scourgeDeck)).body).toEqual({ legal: true, violations: [] });
      const mixed = await check(id('Vexa the Risen'), [...scourgeDeck, { cardId: id('Argent Squire'), count: 1 }, { cardId: id('Horde Outrider'), count: 1 }]);
      expect(mixed.body.violations.map((v: { code: string; cards: string[] }) => [v.code, v.cards])).toEqual([
        ['FACTION_MISMATCH', [id('Argent Squire')]],
        ['FACTION_MISMATCH', [id('Horde Outrider')]],
      ]);
      const hoaHero = ((await t.http().get('/api/sets/HOA/cards?game=wow-tcg&type=hero').expect(200)).body.items as { cardId: string; attributes: { faction: string } }[]).find(
        (h) => h.attributes.faction === 'Alliance',
      )!;
      const alliance = await check(hoaHero.cardId, scourgeDeck);
      expect(alliance.body.violations.map((v: { code: string }) => v.code)).toEqual(['FACTION_MISMATCH']);
    });
  });

  describe('card text, images and OCTGN GUIDs', () => {
    it('rule: a deck of an OCTGN set exports as .o8d with every card named by its GUID from the set file', async () => {
      const xml = iccExcerpt().replace('<property name="Rules" value="" />', '<property name="Rules" value="Death Knight hero. Flip: your allies have +1 ATK." />');
      await post('format=octgn&code=IG', xml, 'application/xml').expect(200);
      const guidOf = new Map([...xml.matchAll(/<card id="([^"]+)" name="([^"]+)">/g)].map((m) => [m[2], m[1]]));
      const cards = (await t.http().get('/api/sets/IG/cards?game=wow-tcg').expect(200)).body.items as { cardId: string; name: string; text?: string }[];
      const id = (name: string) => cards.find((c) => c.name === name)!.cardId;
      expect(cards.find((c) => c.name === 'Vexa the Risen')!.text).toBe('Death Knight hero. Flip: your allies have +1 ATK.');
      expect(cards.find((c) => c.name === 'Marrowgast')).not.toHaveProperty('text');
      const deck = {
        game: 'wow-tcg',
        hero: id('Vexa the Risen'),
        main: [
          { cardId: id('Ghoul of the Frozen Throne'), count: 20 },
          { cardId: id('Frostbound Wanderer'), count: 10 },
        ],
        sideboard: [{ cardId: id('Saronite Colossus'), count: 1 }],
      };
      const res = await t.http().post('/api/decks/export?format=o8d').send(deck).expect(200);
      expect(res.headers['content-type']).toContain('application/xml');
      const ids = [...res.text.matchAll(/<card qty="(\d+)" id="([^"]+)">([^<]+)<\/card>/g)].map((m) => [m[3], m[2]]);
      expect(ids).toEqual([
        ['Vexa the Risen', guidOf.get('Vexa the Risen')],
        ['Ghoul of the Frozen Throne', guidOf.get('Ghoul of the Frozen Throne')],
        ['Frostbound Wanderer', guidOf.get('Frostbound Wanderer')],
        ['Saronite Colossus', guidOf.get('Saronite Colossus')],
      ]);
      expect(res.text).toContain('<notes><![CDATA[]]></notes>');
      // A shipped set without an OCTGN definition (TDP) has no GUIDs: refused (OCTGN would call the file
      // corrupt), naming the card; written with Podium ids, listed in the notes, only when asked.
      const refused = await t
        .http()
        .post('/api/decks/export?format=o8d')
        .send({ game: 'wow-tcg', hero: 'TDP-1', main: [{ cardId: 'HOA-175', count: 2 }] })
        .expect(422);
      expect(refused.body).toMatchObject({ code: 'OCTGN_IDS_MISSING', details: [expect.objectContaining({ rule: 'octgnId', message: expect.stringContaining('TDP-1') })] });
      const tdp = await t
        .http()
        .post('/api/decks/export?format=o8d&octgnIds=podium')
        .send({ game: 'wow-tcg', hero: 'TDP-1', main: [{ cardId: 'HOA-175', count: 2 }] })
        .expect(200);
      expect(tdp.text).toContain('written as Podium card ids: TDP-1');
      expect(tdp.text).toContain('<card qty="2" id="94bf220a-0064-4bb5-a61f-b5eb94eea9fa">Anika Berlyn</card>');
      expect(
        (
          await t
            .http()
            .post('/api/decks/export?format=text')
            .send({ game: 'wow-tcg', hero: 'HOA-1', main: [{ cardId: 'HOA-175', count: 2 }] })
            .expect(200)
        ).text,
      ).toContain('2 Anika Berlyn (HOA)');
      const unknown = await t
        .http()
        .post('/api/decks/export?format=text')
        .send({ game: 'wow-tcg', main: [{ cardId: 'ZZZ-1', count: 1 }] })
        .expect(400);
      expect(unknown.body.details[0]).toMatchObject({ rule: 'knownCard' });
    });

    it('rule: text and image round-trip through a product file into the card pages and boosters; a set image template fills the rest', async () => {
      const file = JSON.parse(shipped('berserk-s1.json')) as { code: string; name: string; cards: Record<string, unknown>[] };
      file.code = 'TX';
      file.name = 'Text and images';
      file.cards[0] = { ...file.cards[0], text: 'Первый удар.\nПолёт.', image: 'https://img.example.org/tx/1.png' };
      await post('format=product', JSON.stringify(file)).expect(200);
      const page = (await t.http().get('/api/sets/TX/cards?game=berserk&pageSize=2').expect(200)).body.items as { number: number; text?: string; image?: string }[];
      expect(page[0]).toMatchObject({ number: 1, text: 'Первый удар.\nПолёт.', image: 'https://img.example.org/tx/1.png' });
      expect(page[1]).not.toHaveProperty('image');
      await t.http().patch('/api/sets/TX?game=berserk').send({ imageTemplate: 'https://img.example.org/{code}/{number}.jpg' }).expect(401);
      const patched = await t
        .http()
        .patch('/api/sets/TX?game=berserk')
        .set('authorization', t.organizer)
        .send({ imageTemplate: 'https://img.example.org/{code}/{number}.jpg' })
        .expect(200);
      expect(patched.body.imageTemplate).toBe('https://img.example.org/{code}/{number}.jpg');
      const again = (await t.http().get('/api/sets/TX/cards?game=berserk&pageSize=2').expect(200)).body.items as { image?: string }[];
      expect(again.map((c) => c.image)).toEqual(['https://img.example.org/tx/1.png', 'https://img.example.org/TX/2.jpg']);
      const packs = (await t.http().post('/api/sets/TX/boosters?game=berserk').send({ count: 3, seed: 'text-image-boosters' }).expect(200)).body.packs as {
        cards: { number: number; image?: string }[];
      }[];
      for (const c of packs.flatMap((p) => p.cards)) expect(c.image).toBe(c.number === 1 ? 'https://img.example.org/tx/1.png' : `https://img.example.org/TX/${c.number}.jpg`);
      const bad = await t.http().patch('/api/sets/TX?game=berserk').set('authorization', t.organizer).send({ imageTemplate: 'javascript:alert(1)' }).expect(400);
      expect(bad.body.details[0].field).toBe('imageTemplate');
      await t.http().patch('/api/sets/TX?game=berserk').set('authorization', t.organizer).send({ imageTemplate: null }).expect(200);
      expect(((await t.http().get('/api/sets/TX/cards?game=berserk&pageSize=2').expect(200)).body.items as { image?: string }[])[1]).not.toHaveProperty('image');
      // A bad image URL in the file is refused at import, naming the card.
      file.code = 'TY';
      file.cards[1] = { ...file.cards[1], image: 'ftp://x' };
      expect((await post('format=product', JSON.stringify(file)).expect(422)).body.details[0].field).toBe('cards[1].image');
    });
  });

  describe('a real file with quirky values (?onUnknown=keep)', () => {
    // The Icecrown excerpt with what community files really hold: a hero of class "King", an ally of faction "Undead".
    const quirky = iccExcerpt()
      .replace('<set name="Icecrown"', '<set name="Icecrown Quirks"')
      .replace('<property name="Class" value="Warrior" />', '<property name="Class" value="King" />')
      .replace(/(name="Ghoul of the Frozen Throne">[\s\S]*?<property name="Faction" value=")Scourge/, '$1Undead');

    it('rule: refused by default with every problem listed; kept with warnings when asked; flagged, not refused, in deck checks', async () => {
      const refused = await post('format=octgn&code=IQ', quirky, 'application/xml').expect(422);
      expect(refused.body.code).toBe('IMPORT_INVALID');
      expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual(['cards.card[1].Class', 'cards.card[2].Faction']);
      expect((await t.http().get('/api/sets/IQ?game=wow-tcg')).status).toBe(404);
      await post('format=octgn&code=IQ&onUnknown=maybe', quirky, 'application/xml').expect(400);

      const kept = await post('format=octgn&code=IQ&onUnknown=keep', quirky, 'application/xml').expect(200);
      expect(kept.body).toMatchObject({ status: 'created', code: 'IQ', cardCount: 9 });
      expect(kept.body.warnings).toEqual([
        expect.objectContaining({ field: 'cards.card[1].Class', rule: 'isIn', card: 'Marrowgast', message: expect.stringContaining('hero class "King"') }),
        expect.objectContaining({ field: 'cards.card[2].Faction', rule: 'isIn', card: 'Ghoul of the Frozen Throne', message: expect.stringContaining('Faction "Undead"') }),
      ]);
      const cards = (await t.http().get('/api/sets/IQ/cards?game=wow-tcg').expect(200)).body.items as {
        cardId: string;
        name: string;
        attributes: { faction: string; heroClass: string | null };
      }[];
      const byName = (name: string) => cards.find((c) => c.name === name)!;
      expect(byName('Marrowgast').attributes.heroClass).toBe('King');
      expect(byName('Ghoul of the Frozen Throne').attributes.faction).toBe('Undead');

      // The King's deck: usable, and the check says which values it read as printed.
      const check = await t
        .http()
        .post('/api/decks/check')
        .send({ game: 'wow-tcg', format: 'limited', hero: byName('Marrowgast').cardId, main: [{ cardId: byName('Ghoul of the Frozen Throne').cardId, count: 30 }] })
        .expect(200);
      expect(check.body.legal).toBe(true);
      expect(check.body.warnings.map((w: { code: string; cards: string[] }) => [w.code, w.cards])).toEqual([
        ['UNKNOWN_VALUE', [byName('Marrowgast').cardId]],
        ['UNKNOWN_VALUE', [byName('Ghoul of the Frozen Throne').cardId]],
      ]);
      // A known set's deck has no warnings at all.
      const icc = await post('format=octgn', iccExcerpt(), 'application/xml').expect(200);
      expect(icc.body.warnings).toEqual([]);
    });
  });

  describe('data versions', () => {
    it('a changed set gets a new data version; the old version stays for what was made from it', async () => {
      const before = (await t.http().get('/api/sets/HOA').expect(200)).body;
      const oldPacks = (await t.http().post('/api/sets/HOA/boosters').send({ count: 2, seed: 'versioned' }).expect(200)).body;
      const file = JSON.parse(shipped('wow-tcg-hoa.json'));
      file.cards[5].name = `${file.cards[5].name} (errata)`;
      const res = await post('format=product', JSON.stringify(file)).expect(200);
      expect(res.body.status).toBe('new-version');
      expect(res.body.dataVersion).not.toBe(before.dataVersion);
      expect(await versionsOf('HOA')).toBe(2);
      const old = await t.prisma.setVersion.findFirstOrThrow({ where: { dataVersion: oldPacks.dataVersion }, include: { _count: { select: { cards: true } } } });
      expect(old._count.cards).toBe(361);
      const newPacks = (await t.http().post('/api/sets/HOA/boosters').send({ count: 2, seed: 'versioned' }).expect(200)).body;
      expect(newPacks.dataVersion).toBe(res.body.dataVersion);
      // Re-importing the original makes it current again without a third version.
      const back = await post('format=product', shipped('wow-tcg-hoa.json')).expect(200);
      expect(back.body).toMatchObject({ status: 'restored-version', dataVersion: before.dataVersion });
      expect(await versionsOf('HOA')).toBe(2);
    });

    it('concurrent identical imports make exactly one version', async () => {
      const file = JSON.parse(shipped('wow-tcg-mol.json'));
      file.name = 'March of the Legion (reprint)';
      const text = JSON.stringify(file);
      const results = await Promise.all(Array.from({ length: 5 }, () => post('format=product', text)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(results.map((r) => r.body.status).sort()).toEqual(['new-version', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
      expect(await versionsOf('MOL')).toBe(2);
    });
  });

  describe('all-or-nothing: a bad file changes nothing and names what is wrong', () => {
    it('a card breaking a rule → 422 IMPORT_INVALID naming the card; the set is untouched', async () => {
      const before = (await t.http().get('/api/sets/SOB').expect(200)).body;
      const file = JSON.parse(shipped('wow-tcg-sob.json'));
      file.name = 'changed, but the file is bad';
      file.cards[3].rarity = 'mythic';
      file.cards[7].number = file.cards[8].number;
      const res = await post('format=product', JSON.stringify(file)).expect(422);
      expect(res.body.code).toBe('IMPORT_INVALID');
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ card: file.cards[3].name, field: expect.stringContaining('cards[3]') })]));
      expect(res.body.details.length).toBeGreaterThanOrEqual(2);
      const after = (await t.http().get('/api/sets/SOB').expect(200)).body;
      expect(after).toEqual(before);
      expect(await versionsOf('SOB')).toBe(1);
    });

    it('malformed JSON → 400 MALFORMED_BODY with the line', async () => {
      const res = await post('format=product', '{\n  "format": "podium-set",\n  "cards": [\n    {"number": 1,,}\n  ]\n}').expect(400);
      expect(res.body.code).toBe('MALFORMED_BODY');
      expect(res.body.details[0]).toMatchObject({ line: 4 });
    });

    it('malformed XML → 400 MALFORMED_BODY with the line', async () => {
      const res = await post('format=octgn', '<?xml version="1.0"?>\n<set name="X">\n<cards>\n<card name="A">\n</set>', 'application/xml').expect(400);
      expect(res.body.code).toBe('MALFORMED_BODY');
      expect(res.body.details[0].line).toEqual(expect.any(Number));
    });

    it('a set with no known booster layout → 422 BOOSTER_LAYOUT_REQUIRED; ?layout= supplies one', async () => {
      const file = JSON.parse(shipped('wow-tcg-wg.json'));
      file.code = 'WBX';
      file.name = 'A later set';
      const res = await post('format=product', JSON.stringify(file)).expect(422);
      expect(res.body).toMatchObject({ code: 'BOOSTER_LAYOUT_REQUIRED', details: [expect.objectContaining({ field: 'layout' })] });
      expect((await t.http().get('/api/sets/WBX')).status).toBe(404);
      const ok = await post('format=product&layout=wow-tcg-19', JSON.stringify(file)).expect(200);
      expect(ok.body).toMatchObject({ status: 'created', code: 'WBX', packSizes: [19] });
      const unknown = await post('format=product&layout=wow-tcg-99', JSON.stringify({ ...file, code: 'WBY' })).expect(400);
      expect(unknown.body.details).toEqual([expect.objectContaining({ field: 'layout' })]);
    });

    it('a sheet too small to fill its slots → 422 BOOSTER_LAYOUT_INVALID at import, not a short pack later', async () => {
      // The promo set's 19 commons as a booster set of their own: the default 12-card layout has no uncommons to draw.
      const commonsOnly = JSON.parse(shipped('berserk-laar.json')) as Record<string, unknown>;
      delete commonsOnly.boosters;
      commonsOnly.code = 'CO';
      const res = await post('format=product', JSON.stringify(commonsOnly)).expect(422);
      expect(res.body.code).toBe('BOOSTER_LAYOUT_INVALID');
      expect(res.body.details.length).toBeGreaterThan(0);
      expect((await t.http().get('/api/sets/CO')).status).toBe(404);
      // As the data has it (a promo set, not sold in boosters) it imports: the same content as the shipped file.
      expect((await post('format=berserk-json&set=laar', fixture('berserk-sets.json')).expect(200)).body).toMatchObject({ status: 'unchanged', packSizes: [], boosters: false });
    });

    it('an explicit layout naming an unknown sheet → 422 BOOSTER_LAYOUT_INVALID with the path', async () => {
      const file = JSON.parse(shipped('wow-tcg-wg.json'));
      file.code = 'WBZ';
      file.boosterLayout = { sheets: { common: { filter: { rarity: ['common'] } } }, variants: [{ weight: 1, slots: [{ sheet: 'commons', count: 10 }] }] };
      const res = await post('format=product', JSON.stringify(file)).expect(422);
      expect(res.body.code).toBe('BOOSTER_LAYOUT_INVALID');
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'variants[0].slots[0].sheet' })]));
    });
  });

  describe('bad requests', () => {
    it('unknown format → 400 naming the query field', async () => {
      const res = await post('format=csv', '{}').expect(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'format', rule: 'isIn' })]);
    });

    it('a body of another media type → 415', async () => {
      const res = await post('format=product', 'a=b', 'application/x-www-form-urlencoded').expect(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('an empty body → 400', async () => {
      const res = await post('format=product', '').expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });

    it('a body over 10 MB → 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await post('format=product', `{"x":"${'a'.repeat(10 * 1024 * 1024 + 10)}"}`).expect(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('valid JSON of the wrong shape → 422 IMPORT_INVALID, never a 500', async () => {
      for (const body of ['[]', '42', 'null', '{"format":"podium-set"}']) {
        const res = await post('format=product', body);
        expect([400, 422]).toContain(res.status);
        expect(res.body.code).toMatch(/IMPORT_INVALID|VALIDATION_FAILED|MALFORMED_BODY/);
      }
      const wow = await post('format=wowtcg-json', '{"not":"an array"}');
      expect([400, 422]).toContain(wow.status);
    });
  });
});
