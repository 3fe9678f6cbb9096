import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, api, call, postFile, type Schemas } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { setCards } from '../data/catalog';
import { guessSetFileFormat, type SetFileFormat } from '../logic/set-file-format';
import { signInGate } from './sign-in';
import { StaffBar } from './staff-bar';
import { useOrganizer } from './use-organizer';

type ImportResult = Schemas['ImportResultDto'];
type ImportWarning = Schemas['ImportWarningDto'];

const FORMATS: SetFileFormat[] = ['octgn', 'wowtcg-json', 'berserk-json', 'product'];
const LAYOUTS = ['wow-tcg-15', 'wow-tcg-19', 'berserk-12'];

interface Chosen {
  name: string;
  text: string;
  format: SetFileFormat | '';
  sets: string[];
}

/**
 * `/organizer/sets`: the card sets of the catalog, and an upload of a set file (OCTGN, community
 * JSON, Berserk sets.json, Podium's own): the problems of a refused file, the option that imports it
 * (keep unknown values, a booster layout, a set code), and what an import did — status, warnings,
 * cards by rarity and a sample booster.
 */
export function CardSetsPage() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const queryClient = useQueryClient();
  const sets = useQuery({ queryKey: ['sets'], queryFn: () => call(api.GET('/api/sets', {})) });
  const [file, setFile] = useState<Chosen | null>(null);
  const [options, setOptions] = useState({ code: '', set: '', layout: '', keep: false });
  const upload = useMutation({
    mutationFn: async () => {
      const query = new URLSearchParams({ format: file!.format });
      if (options.code.trim()) query.set('code', options.code.trim());
      if (options.set) query.set('set', options.set);
      if (options.layout) query.set('layout', options.layout);
      if (options.keep) query.set('onUnknown', 'keep');
      const type = file!.format === 'octgn' ? 'application/xml' : 'application/json';
      return postFile<ImportResult>(`/sets/import?${query.toString()}`, file!.text, type, organizer.auth!);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sets'] }),
  });
  const gate = signInGate(organizer, <p>{t('common.loading')}</p>);
  if (gate) return gate;

  const open = async (picked: File | undefined) => {
    upload.reset();
    if (!picked) return setFile(null);
    const text = await picked.text();
    const guess = guessSetFileFormat(picked.name, text);
    setFile({ name: picked.name, text, format: guess.format ?? '', sets: guess.sets });
    setOptions({ code: '', set: guess.sets.length === 1 ? guess.sets[0] : '', layout: '', keep: false });
  };
  const refusal = upload.error instanceof ApiError ? upload.error : null;
  const unknownOnly = refusal?.code === 'IMPORT_INVALID' && /onUnknown=keep/.test(refusal.message) && !options.keep;

  // Roles without catalog.manage (scorekeepers, judges) see the sets but get no upload form.
  const manage = organizer.may('catalog.manage');
  return (
    <section>
      <StaffBar organizer={organizer} />
      <p>
        <Link to="/organizer">← {t('organizer.events')}</Link>
      </p>
      <h1>{t('cardSets.title')}</h1>
      <div className="columns">
        {manage && (
          <form
            className="card-form"
            onSubmit={(e) => {
              e.preventDefault();
              upload.mutate();
            }}
          >
            <h2>{t('cardSets.import')}</h2>
            <p className="muted">{t('cardSets.importHint')}</p>
            <label>
              {t('cardSets.file')}
              <input type="file" accept=".xml,.json,.o8s,application/json,application/xml,text/xml" onChange={(e) => void open(e.target.files?.[0])} />
            </label>
            {file && (
              <>
                <label>
                  {t('cardSets.format')}
                  <select value={file.format} onChange={(e) => setFile({ ...file, format: e.target.value as SetFileFormat })} required>
                    <option value="">{t('cardSets.chooseFormat')}</option>
                    {FORMATS.map((f) => (
                      <option key={f} value={f}>
                        {t(`cardSets.formatName.${f}`)}
                      </option>
                    ))}
                  </select>
                </label>
                {file.format === 'berserk-json' && file.sets.length > 1 && (
                  <label>
                    {t('cardSets.whichSet')}
                    <select value={options.set} onChange={(e) => setOptions({ ...options, set: e.target.value })} required>
                      <option value="">—</option>
                      {file.sets.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <label>
                  {t('cardSets.code')}
                  <input
                    value={options.code}
                    onChange={(e) => setOptions({ ...options, code: e.target.value })}
                    maxLength={16}
                    pattern="[A-Za-z0-9]{1,16}"
                    placeholder={t('cardSets.codePlaceholder')}
                  />
                </label>
                <label>
                  {t('cardSets.layout')}
                  <select value={options.layout} onChange={(e) => setOptions({ ...options, layout: e.target.value })}>
                    <option value="">{t('cardSets.layoutDefault')}</option>
                    {LAYOUTS.map((l) => (
                      <option key={l} value={l}>
                        {t(`cardSets.layoutName.${l}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="check">
                  <input type="checkbox" checked={options.keep} onChange={(e) => setOptions({ ...options, keep: e.target.checked })} data-testid="keep-unknown" />
                  {t('cardSets.keepUnknown')}
                </label>
              </>
            )}
            {refusal && (
              <div data-testid="import-problems">
                <ErrorMessage error={refusal} />
                {unknownOnly && <p className="hint">{t('cardSets.keepHint')}</p>}
              </div>
            )}
            {upload.error && !refusal && <ErrorMessage error={upload.error} />}
            <button type="submit" className="primary" disabled={!file || !file.format || upload.isPending}>
              {upload.isPending ? t('common.loading') : t('cardSets.importButton')}
            </button>
          </form>
        )}
        <div>
          {upload.data && <ImportReport result={upload.data} />}
          <h2>{t('cardSets.inCatalog')}</h2>
          <ErrorMessage error={sets.error} />
          <table className="sets-table">
            <thead>
              <tr>
                <th>{t('cardSets.code')}</th>
                <th>{t('cardSets.name')}</th>
                <th>{t('create.game')}</th>
                <th>{t('cardSets.cards')}</th>
              </tr>
            </thead>
            <tbody>
              {(sets.data ?? []).map((s) => (
                <tr key={`${s.game}:${s.code}`}>
                  <td>{s.code}</td>
                  <td>{s.name}</td>
                  <td>{t(`game.${s.game}`)}</td>
                  <td>{s.cardCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

/** What one import did: status, warnings by kind, cards by rarity, a sample booster. */
function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const game = result.game as 'wow-tcg' | 'berserk';
  const cards = useQuery({ queryKey: ['set-cards', game, result.code, result.dataVersion], queryFn: () => setCards(game, result.code) });
  const sample = useQuery({
    queryKey: ['sample-booster', game, result.code, result.dataVersion],
    enabled: result.boosters,
    queryFn: () =>
      call(
        api.POST('/api/sets/{code}/boosters', { params: { path: { code: result.code }, query: { game } }, body: { count: 1, seed: `sample-${result.dataVersion.slice(0, 12)}` } }),
      ),
  });
  const byRarity = new Map<string, number>();
  for (const c of cards.data ?? []) byRarity.set(c.rarity, (byRarity.get(c.rarity) ?? 0) + 1);
  const rarities = [...byRarity.entries()].sort(([a], [b]) => rarityRank(a) - rarityRank(b));
  return (
    <section className="card-form import-report" data-testid="import-report" aria-live="polite">
      <h2>
        {result.code} · {result.name}
      </h2>
      <p>
        <span className="badge" data-status={result.status}>
          {t(`cardSets.status.${result.status}`)}
        </span>{' '}
        {t('cardSets.cardCount', { count: result.cardCount })}
      </p>
      {byRarity.size > 0 && (
        <p data-testid="rarity-counts">
          {rarities.map(([rarity, n], i) => (
            <span key={rarity} className="rarity-count">
              {i > 0 && ' · '}
              {t(`rarity.${rarity}`, { defaultValue: rarity })}: {n}
            </span>
          ))}
        </p>
      )}
      {result.warnings.length > 0 && <Warnings warnings={result.warnings} />}
      {sample.data && (
        <>
          <h3>{t('cardSets.sampleBooster')}</h3>
          <ol className="sample-booster" data-testid="sample-booster">
            {sample.data.packs[0].cards.map((c, i) => (
              <li key={i}>
                {c.name} <span className="muted">{t(`rarity.${c.rarity}`, { defaultValue: c.rarity })}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

const RARITY_ORDER = ['common', 'uncommon', 'rare', 'epic', 'ultra-rare'];
const rarityRank = (rarity: string): number => (RARITY_ORDER.includes(rarity) ? RARITY_ORDER.indexOf(rarity) : RARITY_ORDER.length);

function Warnings({ warnings }: { warnings: ImportWarning[] }) {
  const { t } = useTranslation();
  return (
    <details open={warnings.length <= 12} data-testid="import-warnings">
      <summary>{t('cardSets.warnings', { count: warnings.length })}</summary>
      <ul lang="en">
        {warnings.map((w, i) => (
          <li key={i} data-rule={w.rule}>
            {w.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
