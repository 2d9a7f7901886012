import { useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import type { ToolOffer } from '../../lib/catalog/tool-index';
import { entryKey, type DescriptionsByKey } from '../../lib/catalog/descriptions';
import { useCatalogDescriptions } from '../../lib/catalog/use-catalog-descriptions';
import { useTranslation } from 'react-i18next';

const MAX_SHOWN = 60;

/**
 * Offers whose tool id contains every word of the query; only when none does, those whose id, server or (once
 * loaded) server description do. Typing a tool id finds that tool, not every tool whose description mentions it.
 */
export function searchOffers(
  offers: readonly ToolOffer[],
  query: string,
  descriptions?: DescriptionsByKey,
): ToolOffer[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...offers];
  const byId = offers.filter((offer) => {
    const id = offer.toolId.toLowerCase();
    return words.every((word) => id.includes(word));
  });
  if (byId.length > 0) return byId;
  return offers.filter((offer) => {
    const haystack =
      `${offer.toolId} ${offer.server} ${descriptions?.get(entryKey(offer))?.remoteDescription ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The key (intents.json, `nature`) of what a tool's readOnlyHint says it does. */
export function natureKey(readOnly: boolean | null): 'nature.unknown' | 'nature.readOnly' | 'nature.writes' {
  return readOnly === null ? 'nature.unknown' : readOnly ? 'nature.readOnly' : 'nature.writes';
}

interface Props {
  offers: readonly ToolOffer[];
  current: { toolId: string; server?: string };
  onPick: (offer: ToolOffer) => void;
}

/**
 * Search over every discovered tool, one row per (server, tool): its server, whether it only reads (readOnlyHint)
 * and its catalog state. ↑/↓ in the search box move through the results, Enter picks.
 */
export function ToolPicker({ offers, current, onPick }: Props) {
  const { t } = useTranslation('intents');
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  // Descriptions are searched, not shown: fetched once the search box is used.
  const descriptions = useCatalogDescriptions(focused || query !== '');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => searchOffers(offers, deferred, descriptions), [offers, deferred, descriptions]);
  const [active, setActive] = useState(0);
  const id = useId();
  const shown = matches.slice(0, MAX_SHOWN);
  const activeIndex = Math.min(active, shown.length - 1);

  // The list may still show an earlier query (useDeferredValue lags while typing): Enter picks from what was typed.
  const pickActive = () => {
    const typed = deferred === query ? shown : searchOffers(offers, query, descriptions).slice(0, MAX_SHOWN);
    const offer = typed[Math.min(active, typed.length - 1)];
    if (offer) onPick(offer);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive(Math.min(activeIndex + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive(Math.max(activeIndex - 1, 0));
    else if (event.key === 'Enter') pickActive();
    else return;
    event.preventDefault();
  };

  if (offers.length === 0) return <p className="state-empty">{t('picker.noneDiscovered')}</p>;
  return (
    <div className="tool-picker">
      <label htmlFor={`${id}-search`}>{t('picker.find')}</label>
      <input
        id={`${id}-search`}
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={shown[activeIndex] ? `${id}-opt-${activeIndex}` : undefined}
        placeholder={t('picker.placeholder')}
        value={query}
        onFocus={() => setFocused(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {shown.length === 0 ? (
        <p className="state-empty small">{t('picker.noMatch', { query: deferred })}</p>
      ) : (
        <ul className="picker-list" role="listbox" id={`${id}-list`} aria-label={t('picker.discoveredTools')}>
          {shown.map((offer, index) => {
            const chosen = offer.toolId === current.toolId && (!current.server || current.server === offer.server);
            return (
              <li
                key={`${offer.server}\u0000${offer.toolId}`}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={chosen}
                className={`picker-option${index === activeIndex ? ' active' : ''}${chosen ? ' chosen' : ''}`}
                data-testid="tool-option"
                data-tool={offer.toolId}
                onClick={() => onPick(offer)}
              >
                <code>{offer.toolId}</code>
                <span className="muted">{offer.server}</span>
                <span
                  className={`nature nature-${offer.readOnly === null ? 'unknown' : offer.readOnly ? 'read' : 'write'}`}
                >
                  {t(natureKey(offer.readOnly))}
                </span>
                <ToolStateBadge state={offer.state} />
              </li>
            );
          })}
        </ul>
      )}
      {matches.length > shown.length && (
        <p className="muted small">{t('picker.showingOf', { shown: shown.length, count: matches.length })}</p>
      )}
    </div>
  );
}
