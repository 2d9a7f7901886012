import { useId, useMemo, useState } from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import { lastMountCategory, mountTools, type ToolToMount } from '../../app/navigation';
import { errorMessage } from '../../lib/format';
import { useRpc } from '../../lib/rpc-context';
import { useRpcQuery } from '../../lib/queries';
import type { CatalogRow } from '../../lib/catalog/tool-states';
import { useTranslation } from 'react-i18next';
import type { NameWarning } from '../../../../shared/catalog/lookalike-names';
import { NameWarningNote } from './NameWarningText';

interface Props {
  /** The rows chosen for Mount (unmounted, offered by a server). */
  chosen: readonly CatalogRow[];
  /** Every row: a name offered by several servers gets its server pinned on the node. */
  all: readonly CatalogRow[];
  /** The unmounted rows the filters show now, for "choose all shown". */
  shownUnmounted: readonly string[];
  onChooseShown: () => void;
  onClear: () => void;
  /** Look-alike names, by toolId: a chosen one is warned about before it is mounted. */
  warnings?: ReadonlyMap<string, NameWarning>;
}

/** Mounts the chosen tools as MCP nodes in a category (the last one used by default), then opens the intent editor on the draft. */
export function MountBar({ chosen, all, shownUnmounted, onChooseShown, onClear, warnings }: Props) {
  const { t } = useTranslation('tools');
  const rpc = useRpc();
  const intents = useRpcQuery('intents.get', {});
  const categories = useMemo(() => categoriesOf(intents.data?.intents ?? []), [intents.data]);
  const remembered = lastMountCategory();
  const [picked, setPicked] = useState<string | null>(null);
  const category: string =
    picked ??
    (remembered !== null && categories.some((c) => c.id === remembered) ? remembered : (categories[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  const mount = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // The name comes from each tool's definition as its server offers it now; the description is left to the server.
      const tools: ToolToMount[] = await Promise.all(
        chosen.map(async (row) => {
          const server = row.server as string;
          const definition = await rpc.request('tools.definition', { toolId: row.toolId, server });
          const offeredBy = all.filter((r) => r.toolId === row.toolId && r.server !== null).length;
          return { toolId: row.toolId, server, pinServer: offeredBy > 1, title: definition.title };
        }),
      );
      onClear();
      mountTools({ categoryId: category || null, tools });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mount-bar" role="region" aria-label={t('mountBar.mountTools')} data-testid="mount-bar">
      <strong>{t('mountBar.toMount', { count: chosen.length })}</strong>
      <label htmlFor={`${id}-category`}>{t('mountBar.into')}</label>
      <select id={`${id}-category`} value={category} onChange={(event) => setPicked(event.target.value)}>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
        <option value="">{t('mountBar.topLevel')}</option>
      </select>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || chosen.length === 0}
        onClick={() => void mount()}
      >
        {busy
          ? t('mountBar.mounting')
          : chosen.length === 1
            ? t('mountBar.mountOne', { toolId: chosen[0].toolId })
            : t('mountBar.mountMany', { count: chosen.length })}
      </button>
      {shownUnmounted.length > chosen.length && (
        <button type="button" className="btn" onClick={onChooseShown}>
          {t('mountBar.chooseAllShown', { count: shownUnmounted.length })}
        </button>
      )}
      <button type="button" className="btn" onClick={onClear}>
        {t('mountBar.clear')}
      </button>
      <span className="muted small">{t('mountBar.opensTheEditor')}</span>
      {chosen.map((row) => {
        const warning = warnings?.get(row.toolId);
        return warning ? (
          <span key={`${row.server}/${row.toolId}`} className="mount-name-warning" data-testid="mount-name-warning">
            <code>{row.toolId}</code>: <NameWarningNote warning={warning} />
          </span>
        ) : null;
      })}
      {failure && (
        <p role="alert" className="field-error">
          {t('mountBar.couldNotRead', { failure })}
        </p>
      )}
    </div>
  );
}

function categoriesOf(nodes: readonly IntentNode[], prefix = ''): { id: string; label: string }[] {
  return nodes.flatMap((node) =>
    node.kind === 'category'
      ? [
          { id: node.id, label: `${prefix}${node.name} (${node.id})` },
          ...categoriesOf(node.children, `${prefix}${node.name} / `),
        ]
      : [],
  );
}
