import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFacts } from '../logic/card-info';
import { keywordTerm, termOf, traitName } from '../logic/terms';
import type { CardLike } from '../logic/grouping';

/**
 * A card as a tile: a button whose accessible name is the card's name (the browser-test contract);
 * rarity by colour and word, cost, stats, traits, keywords, and text/image when the data has them.
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
  // A screen reader hears the name (the accessible name) and then the facts the tile shows.
  const described = [`${id}-facts`, ...(!compact && facts.traits.length > 0 ? [`${id}-traits`] : []), ...(!compact && facts.keywords.length > 0 ? [`${id}-keywords`] : [])].join(
    ' ',
  );
  return (
    <button
      type="button"
      className={`card rarity-${card.rarity}${selected ? ' selected' : ''}${compact ? ' compact' : ''}`}
      aria-label={card.name}
      aria-describedby={described}
      aria-pressed={onClick ? !!selected : undefined}
      onClick={onClick}
      disabled={disabled}
    >
      <span className="card-head">
        {facts.cost !== null && (
          <span className="cost" title={t('card.cost')}>
            {facts.cost}
          </span>
        )}
        <span className="card-name">{card.name}</span>
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
}
