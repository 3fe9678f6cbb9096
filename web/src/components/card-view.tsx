import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFacts, cardStats, printingOf } from '../logic/card-info';
import type { CardLike } from '../logic/grouping';
import { keywordTerm, termOf, traitName } from '../logic/terms';

/** A card as the card view shows it: the tile's card, with rules text and image when known. */
export type ViewedCard = CardLike & { text?: string; image?: string };

const CardViewContext = createContext<((card: ViewedCard) => void) | null>(null);

/**
 * Opens the card view of a card (every fact, the rules text, the image); null outside a
 * CardViewProvider (the TV has none: nobody taps it).
 */
export function useCardView(): ((card: ViewedCard) => void) | null {
  return useContext(CardViewContext);
}

/**
 * One card view for the page: a modal <dialog> (Esc and the close button shut it; focus returns to
 * the tile), opened by a tile's ⓘ button or by touching and holding the tile.
 */
export function CardViewProvider({ children }: { children: ReactNode }) {
  const [card, setCard] = useState<ViewedCard | null>(null);
  const open = useCallback((c: ViewedCard) => setCard(c), []);
  return (
    <CardViewContext.Provider value={open}>
      {children}
      {card && <CardView card={card} onClose={() => setCard(null)} />}
    </CardViewContext.Provider>
  );
}

function CardView({ card, onClose }: { card: ViewedCard; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const language = i18n.language ?? 'en';
  const game = card.attributes?.game;
  const context = typeof game === 'string' ? game : undefined;
  const facts = useMemo(() => cardFacts(card.attributes), [card.attributes]);
  // The strike cost is a labelled stat here; the tile lists it among the keywords for want of room.
  const keywords = facts.keywords.filter((k) => !/^strike \d+$/.test(k));
  const stats = useMemo(() => cardStats(card.attributes), [card.attributes]);
  const printing = printingOf(card.cardId);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => before?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      className={`card-view rarity-${card.rarity}`}
      aria-labelledby="card-view-name"
      data-testid="card-view"
      onClose={onClose}
      // A tap on the backdrop (outside the sheet) closes it, as phones' sheets do.
      onClick={(e) => e.target === ref.current && ref.current.close()}
    >
      <div className="card-view-head">
        <h2 id="card-view-name">{card.name}</h2>
        <button type="button" className="card-view-close" onClick={() => ref.current?.close()}>
          {t('cardView.close')}
        </button>
      </div>
      <p className="card-line">
        <span className="type">{termOf(game, 'type', card.type, language) ?? t(`cardType.${card.type}`, { defaultValue: card.type })}</span>
        <span className="rarity">{termOf(game, 'rarity', card.rarity, language) ?? t(`rarity.${card.rarity}`, { defaultValue: card.rarity })}</span>
        {printing && <span>{t('cardView.printing', { set: printing.setCode, number: printing.number })}</span>}
      </p>
      {card.image && <img className="card-view-image" src={card.image} alt={card.name} />}
      {stats.length > 0 && (
        <dl className="card-view-stats" aria-label={t('cardView.stats')}>
          {stats.map((s) => (
            <div key={s.key}>
              <dt>{t(`cardView.stat.${s.key}`, { context })}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts.traits.length > 0 && (
        <p>
          <strong>{t('cardView.traits', { context })}:</strong> {facts.traits.map((x) => traitName(game, x, language)).join(' · ')}
        </p>
      )}
      {keywords.length > 0 && (
        <section aria-labelledby="card-view-keywords">
          <h3 id="card-view-keywords">{t('cardView.keywords')}</h3>
          <ul className="card-view-keywords">
            {keywords.map((k) => {
              const term = keywordTerm(game, k, language);
              return (
                <li key={k}>
                  <strong>{term.name}</strong>
                  {term.reminder && <> — {term.reminder}</>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section aria-labelledby="card-view-text">
        <h3 id="card-view-text">{t('cardView.text')}</h3>
        {card.text ? (
          <p className="card-view-text" data-testid="card-view-text">
            {card.text}
          </p>
        ) : (
          <p className="muted">{t('cardView.noText')}</p>
        )}
      </section>
    </dialog>
  );
}

const HOLD_MS = 450;

/**
 * Touch-and-hold on a tile opens its card view (the tap itself still picks or adds: a hold
 * swallows the click that follows it); so does the long-press menu and a right click. Moving the
 * finger (a scroll) cancels the hold.
 */
export function useHoldToView(card: ViewedCard): {
  onPointerDown: (e: React.PointerEvent) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerMove: (e: React.PointerEvent) => void;
  onClickCapture: (e: React.MouseEvent) => void;
  onContextMenu: (e: React.MouseEvent) => void;
} | null {
  const view = useCardView();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const held = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  if (!view) return null;
  return {
    onPointerDown: (e) => {
      held.current = false;
      start.current = { x: e.clientX, y: e.clientY };
      cancel();
      timer.current = setTimeout(() => {
        held.current = true;
        view(card);
      }, HOLD_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerMove: (e) => {
      if (start.current && Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y) > 10) cancel();
    },
    onClickCapture: (e) => {
      if (held.current) {
        held.current = false;
        e.preventDefault();
        e.stopPropagation();
      }
    },
    // A phone's long press (and a right click) fires contextmenu: the card view instead of the browser's menu.
    onContextMenu: (e) => {
      e.preventDefault();
      cancel();
      if (!held.current) view(card);
      held.current = true;
    },
  };
}
