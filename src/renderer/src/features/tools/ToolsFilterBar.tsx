import { useId } from 'react';
import type { CatalogCounts } from '../../../../shared/catalog/catalog-counts';
import { STATE_ORDER } from '../../lib/catalog/tool-states';
import { useToolsUiStore } from './tools-ui-store';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { useTranslation } from 'react-i18next';

interface Props {
  counts: CatalogCounts;
  servers: readonly string[];
  shown: number;
  total: number;
  /** The search is about to be used: a chance to fetch what it searches beyond the rows (their descriptions). */
  onSearchFocus?: () => void;
}

/** Search, a state chip per state with its count (press again to clear), and a server filter. */
export function ToolsFilterBar({ counts, servers, shown, total, onSearchFocus }: Props) {
  const { t } = useTranslation('tools');
  const { query, state, server, stage, setQuery, setState, setServer } = useToolsUiStore();
  const id = useId();
  const states = STATE_ORDER.filter((s) => counts.byState[s] > 0);
  return (
    <div className="tools-filters">
      <div className="form-field tools-search">
        <label htmlFor={`${id}-search`}>{t('filters.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={query}
          onFocus={onSearchFocus}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-server`}>{t('filters.server')}</label>
        <select
          id={`${id}-server`}
          value={server ?? '\u0000all'}
          onChange={(event) => setServer(event.target.value === '\u0000all' ? null : event.target.value)}
        >
          <option value={'\u0000all'}>{t('filters.allServers')}</option>
          {servers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value="">{t('filters.noServer')}</option>
        </select>
      </div>
      <div className="state-chips" role="group" aria-label={t('filters.byState')}>
        <button
          type="button"
          className="chip"
          aria-pressed={state === null && stage === null}
          onClick={() => setState(null)}
        >
          {t('filters.all')} <span className="chip-count">{total}</span>
        </button>
        {states.map((name) => (
          <button
            key={name}
            type="button"
            className="chip"
            aria-pressed={state === name}
            onClick={() => setState(state === name ? null : name)}
            data-state-filter={name}
          >
            <ToolStateBadge state={name} /> <span className="chip-count">{counts.byState[name]}</span>
          </button>
        ))}
        {state !== null && !(counts.byState[state as keyof CatalogCounts['byState']] > 0) && (
          <button type="button" className="chip" aria-pressed onClick={() => setState(null)}>
            <ToolStateBadge state={state} /> <span className="chip-count">0</span>
          </button>
        )}
      </div>
      <p className="muted small tools-count" role="status" aria-live="polite">
        {shown === total ? t('filters.total', { count: total }) : t('filters.shownOf', { shown, count: total })}
      </p>
    </div>
  );
}
