import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTile } from '../components/card-tile';
import { cardFacts } from '../logic/card-info';
import type { CardLike } from '../logic/grouping';
import { CURVE_TOP, groupHeroes, type RankedHero } from '../logic/hand-builder';
import './hand-builder.css';

/** Groups shown before "Show all heroes": the best supported ones, enough for a first choice. */
const FIRST_GROUPS = 3;

/** "Horde · Mage · Fire", in the player's language where the app has the term. */
function useTraitText() {
  const { t } = useTranslation();
  return (traits: readonly (string | null)[]) =>
    traits
      .filter((x): x is string => !!x)
      .map((x) => t(`trait.${x}`, { defaultValue: x }))
      .join(' · ');
}

/**
 * Step 1 of a WoW TCG build: the hero, searchable, grouped by faction and class, the heroes that may
 * play the most of the pool first (rankHeroes), each with its faction, class, talent and how many
 * pool cards fit it. One tap chooses.
 */
export function HeroPicker<H extends CardLike>({ ranked, onChoose }: { ranked: readonly RankedHero<H>[]; onChoose: (hero: H) => void }) {
  const { t } = useTranslation();
  const traits = useTraitText();
  const [query, setQuery] = useState('');
  const [all, setAll] = useState(false);
  const groups = useMemo(() => groupHeroes(ranked, query), [ranked, query]);
  const shown = all || query ? groups : groups.slice(0, FIRST_GROUPS);
  return (
    <section className="hero-picker" data-testid="hero-picker" aria-labelledby="hero-picker-title">
      <h2 id="hero-picker-title">{t('deck.heroStep')}</h2>
      <p className="muted">{t('deck.heroHint')}</p>
      <input type="search" placeholder={t('deck.heroSearch')} aria-label={t('deck.heroSearch')} value={query} onChange={(e) => setQuery(e.target.value)} />
      {groups.length === 0 && <p className="muted">{t('deck.heroNone')}</p>}
      {shown.map((g) => (
        <div className="hero-group" key={`${g.faction}|${g.heroClass}`}>
          <h3>{traits([g.faction ?? t('deck.noFaction'), g.heroClass ?? t('deck.noClass')])}</h3>
          <div className="hero-options">
            {g.heroes.map((r) => (
              <button type="button" key={r.hero.cardId} className="hero-option" data-testid="hero-option" onClick={() => onChoose(r.hero)}>
                <strong>{r.hero.name}</strong>
                <span className="muted">{traits([r.faction, r.heroClass, r.talent])}</span>
                <span className={r.support > 0 ? 'fits' : 'muted'}>{t('deck.heroFits', { count: r.support })}</span>
              </button>
            ))}
          </div>
        </div>
      ))}
      {!all && !query && groups.length > FIRST_GROUPS && (
        <button type="button" onClick={() => setAll(true)}>
          {t('deck.showAllHeroes', { count: ranked.length })}
        </button>
      )}
    </section>
  );
}

/** The chosen hero in one line, with its fit, and the way back to the picker. */
export function ChosenHero({ hero, support, onChange }: { hero: RankedHero<CardLike> | null; support: number; onChange: () => void }) {
  const { t } = useTranslation();
  const traits = useTraitText();
  if (!hero) return null;
  return (
    <div className="chosen-hero" data-testid="chosen-hero">
      <span>
        {t('deck.hero')}: <strong>{hero.hero.name}</strong> <span className="muted">{traits([hero.faction, hero.heroClass, hero.talent])}</span> ·{' '}
        {t('deck.heroFits', { count: support })}
      </span>
      <button type="button" onClick={onChange}>
        {t('deck.heroChange')}
      </button>
    </div>
  );
}

/** The main deck at a glance: copies by card type and the cost curve (0…6, 7+; cards without a cost apart). */
export function DeckShape({ types, curve }: { types: readonly { type: string; count: number }[]; curve: { buckets: readonly number[]; noCost: number } }) {
  const { t } = useTranslation();
  const top = Math.max(1, ...curve.buckets);
  return (
    <section className="deck-shape" data-testid="deck-shape" aria-label={t('deck.shape')}>
      <div>
        <h3>{t('deck.byType')}</h3>
        {types.length === 0 ? (
          <p className="muted">{t('deck.emptyMain')}</p>
        ) : (
          <ul className="type-counts">
            {types.map((x) => (
              <li key={x.type}>
                {t(`cardType.${x.type}`, { defaultValue: x.type })} <strong>{x.count}</strong>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3>{t('deck.curve')}</h3>
        <ol className="curve" data-testid="cost-curve">
          {curve.buckets.map((n, cost) => {
            const label = cost === CURVE_TOP ? `${CURVE_TOP}+` : String(cost);
            return (
              <li key={cost} aria-label={t('deck.curveBar', { cost: label, count: n })}>
                <span className="curve-n">{n}</span>
                <span className="curve-bar" style={{ height: `${(n / top) * 100}%` }} />
                <span className="curve-cost">{label}</span>
              </li>
            );
          })}
        </ol>
        {curve.noCost > 0 && <p className="muted">{t('deck.noCost', { count: curve.noCost })}</p>}
      </div>
    </section>
  );
}

/**
 * One pool card in the builder: its tile (a tap adds a copy; once every copy is in, a tap takes one
 * out), faction/class or element beside it (and whether the hero may play it), and − / + with the copies in the main deck out of those
 * in the pool.
 */
export function PoolRow({
  card,
  inMain,
  owned,
  playable,
  onAdd,
  onRemove,
}: {
  card: CardLike;
  inMain: number;
  owned: number;
  /** False when the chosen hero may not play the card (shown with the filter off). */
  playable: boolean;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const traits = useTraitText();
  const facts = cardFacts(card.attributes);
  return (
    <div className={`pool-row${inMain > 0 ? ' in-main' : ''}`} data-testid="pool-row" data-card={card.cardId}>
      <CardTile card={card} compact selected={inMain > 0} onClick={inMain < owned ? onAdd : onRemove} />
      <div className="pool-row-side">
        <span className="traits">{traits(facts.traits) || t('deck.noTraits')}</span>
        {!playable && <span className="not-playable">{t('deck.notForHero')}</span>}
        <span className="copies">
          <button type="button" className="step" aria-label={t('deck.removeOne', { name: card.name })} onClick={onRemove} disabled={inMain === 0}>
            −
          </button>
          <span className="copies-n">
            <span aria-hidden="true">
              {inMain}/{owned}
            </span>
            <span className="sr-label">{t('deck.inDeckOf', { count: inMain, of: owned })}</span>
          </span>
          <button type="button" className="step" aria-label={t('deck.addOne', { name: card.name })} onClick={onAdd} disabled={inMain >= owned}>
            +
          </button>
        </span>
      </div>
    </div>
  );
}
