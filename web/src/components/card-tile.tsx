import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFacts } from '../logic/card-info';
import { useCardView, useHoldToView } from './card-view';
import { keywordTerm, termOf, traitName } from '../logic/terms';
import type { CardLike } from '../logic/grouping';

/**
 * A card as a tile: a button whose accessible name is the card's name (the browser-test contract);
 * rarity by colour and word, cost, stats, traits, keywords, and text/image when the data has them.
 * Beside it (inside a CardViewProvider) a ⓘ button named "Card details" opens the card view; so
 * does touching and holding the tile.
 */
export function CardTile({
  card,
  selected,
  count,
  onClick,
  disabled,
  compact,
}: {
  card: CardLike & { text?: string; image?: string };
  selected?: boolean;
  count?: number;
  onClick?: () => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const facts = cardFacts(card.attributes);
  const game = card.attributes?.game;
  const language = i18n.language ?? 'en';
  const id = useId();
  const view = useCardView();
  const hold = useHoldToView(card);
  // A screen reader hears the name (the accessible name) and then the facts the tile shows.
  const described = [`${id}-facts`, ...(!compact && facts.traits.length > 0 ? [`${id}-traits`] : []), ...(!compact && facts.keywords.length > 0 ? [`${id}-keywords`] : [])].join(
    ' ',
  );
  const tile = (
    <button
      type="button"
      className={`card rarity-${card.rarity}${selected ? ' selected' : ''}${compact ? ' compact' : ''}`}
      aria-label={card.name}
      aria-describedby={described}
      aria-pressed={onClick ? !!selected : undefined}
      onClick={onClick}
      disabled={disabled}
      {...(hold ?? {})}
    >
      <span className="card-head">
        {facts.cost !== null && (
          <span className="cost" title={t('card.cost', { context: typeof game === 'string' ? game : undefined })}>
            {facts.cost}
          </span>
        )}
        <span className="card-name" id={`${id}-name`}>
          {card.name}
        </span>
        {count !== undefined && count > 1 && <span className="count">×{count}</span>}
      </span>
      {!compact && card.image && <img className="card-image" src={card.image} alt="" loading="lazy" />}
      <span className="card-line" id={`${id}-facts`}>
        <span className="type">{termOf(game, 'type', card.type, language) ?? t(`cardType.${card.type}`, { defaultValue: card.type })}</span>
        <span className="rarity">{termOf(game, 'rarity', card.rarity, language) ?? t(`rarity.${card.rarity}`, { defaultValue: card.rarity })}</span>
        {facts.stats && <span className="stats">{facts.stats}</span>}
        {facts.defense !== null && <span className="stats">{t('card.defense', { value: facts.defense })}</span>}
      </span>
      {!compact && facts.traits.length > 0 && (
        <span className="card-line traits" id={`${id}-traits`}>
          {facts.traits.map((x) => traitName(game, x, language)).join(' · ')}
        </span>
      )}
      {!compact && facts.keywords.length > 0 && (
        <span className="card-line keywords" id={`${id}-keywords`}>
          {facts.keywords.map((k) => keywordTerm(game, k, language).name).join(', ')}
        </span>
      )}
      {!compact && card.text && <span className="card-text">{card.text}</span>}
    </button>
  );
  if (!view) return tile;
  return (
    <div className="card-cell">
      {tile}
      {/* Not inside the tile (no button in a button); named without the card's name so that the
          tile stays the one button a card's name finds, and described by the name for screen readers. */}
      <button type="button" className="card-info" aria-label={t('cardView.open')} aria-describedby={`${id}-name`} onClick={() => view(card)}>
        {/* Drawn, not a character: Debian's fonts have no ⓘ glyph. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <rect x="11" y="10" width="2" height="8" rx="1" fill="currentColor" />
          <circle cx="12" cy="7" r="1.4" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
