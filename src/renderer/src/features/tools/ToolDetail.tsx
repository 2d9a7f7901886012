import { LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { DescriptionDiff } from '../../components/DescriptionDiff';
import { openIntentNode, openSkill } from '../../app/navigation';
import { OverrideStaleNotice } from '../../components/OverrideStaleNotice';
import { QuarantineSection } from './QuarantineSection';
import { RunToolPanel } from './RunToolPanel';
import { SchemaView } from './SchemaView';
import type { CatalogBinding, CatalogEntry, CatalogRow } from '../../lib/catalog/tool-states';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { ToolIcon, ToolTitle } from '../../components/ToolLook';

interface Props {
  /** The selected row of the list; its definition, diff and nodes are fetched (catalog.tool). */
  row: CatalogRow;
  onExplain: (toolId: string) => void;
  onClose: () => void;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** Everything known about one catalog row: why it is in its state, its definition, who mounts it, what gates it. */
export function ToolDetail({ row, onExplain, onClose }: Props) {
  // Keyed by row; catalog.changed invalidates it, so an accepted change or a rediscovery shows here too.
  const detail = useRpcQuery('catalog.tool', { toolId: row.toolId, server: row.server });
  // The head comes from the row, so moving through the list with ↑/↓ never waits for the fetch.
  return (
    <aside className="tool-detail" aria-labelledby="tool-detail-title" data-testid="tool-detail">
      <div className="detail-head">
        <h2 id="tool-detail-title">
          <ToolIcon src={row.icon} />
          <code>{row.toolId}</code>
          <ToolTitle title={row.title} />
        </h2>
        <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close the tool detail">
          Close
        </button>
      </div>
      <p>
        <ToolStateBadge state={row.state} /> <span className="muted">on</span> {row.server ?? <em>no server</em>}
      </p>
      <p className="tool-reason" data-testid="tool-reason">
        {row.reason}
      </p>
      <div className="actions">
        <button type="button" className="btn" onClick={() => onExplain(row.toolId)}>
          Explain this tool
        </button>
      </div>
      {detail.isPending ? (
        <Loading>Loading {row.toolId}…</Loading>
      ) : detail.isError ? (
        <LoadError what={`the detail of ${row.toolId}`} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <ToolDetailBody entry={detail.data.entry} binding={detail.data.binding ?? undefined} />
      )}
      {row.server !== null && row.state !== 'quarantined' && <RunToolPanel key={`${row.server}/${row.toolId}`} row={{ ...row, server: row.server }} />}
    </aside>
  );
}

/** The fetched part: quarantine, descriptions, definition, nodes and gating skills. */
function ToolDetailBody({ entry, binding }: { entry: CatalogEntry; binding: CatalogBinding | undefined }) {
  // Bound tools carry their definition; a quarantined one carries the definition offered now.
  const definition = binding ?? (entry.quarantine ? entry.quarantine.current : null);
  const annotations = definition?.annotations ?? null;
  const effective = binding?.description ?? entry.description;
  const remote = binding?.remoteDescription ?? entry.remoteDescription;
  const overridden = binding ? binding.descriptionSource === 'node' : entry.description !== null && entry.description !== entry.remoteDescription;
  const truncated = binding?.descriptionTruncated ?? entry.descriptionTruncated ?? null;
  return (
    <>
      <QuarantineSection entry={entry} />
      {entry.overrideStale && entry.server && <OverrideStaleNotice toolId={entry.toolId} server={entry.server} />}

      <h3>Description sent to the model</h3>
      {effective === null || effective === undefined ? (
        <p className="state-empty small">Not sent: the tool is not bound.</p>
      ) : (
        <>
          <p className="effective-description" data-testid="effective-description">
            {effective || <em className="muted">(empty)</em>}
          </p>
          {truncated && (
            <p className="warn-text small" role="note" data-testid="description-truncated">
              Truncated: the description is {truncated.bytes.toLocaleString('en')} bytes; the model receives the first {truncated.limit.toLocaleString('en')} and a note
              (agent.mcp.maxDescriptionBytes).
            </p>
          )}
          <p className="muted small">
            {overridden ? 'An intent node overrides the server’s text. Changes against the server’s original:' : 'The server’s own text (no override).'}
          </p>
          {overridden && remote !== null && <DescriptionDiff original={remote} override={effective} />}
        </>
      )}
      {overridden && remote !== null && (
        <details>
          <summary className="small">Server’s original</summary>
          <blockquote className="remote-description">{remote}</blockquote>
        </details>
      )}

      <h3>Definition</h3>
      {definition ? (
        <>
          {!binding && <p className="muted small">As offered now (not trusted until accepted):</p>}
          <dl className="facts compact">
            {HINTS.map((hint) => (
              <div key={hint} className="fact-row">
                <dt>{hint}</dt>
                <dd>{annotations && hint in annotations ? String(annotations[hint]) : <span className="muted">not declared</span>}</dd>
              </div>
            ))}
            {typeof annotations?.title === 'string' && (
              <div className="fact-row">
                <dt>title</dt>
                <dd>{annotations.title}</dd>
              </div>
            )}
            {binding && (
              <div className="fact-row">
                <dt>confirmation</dt>
                <dd>{binding.confirm}</dd>
              </div>
            )}
          </dl>
          <SchemaView schema={definition.inputSchema} />
        </>
      ) : (
        <p className="state-empty small">
          The catalog carries full definitions for bound tools only; {entry.server ? `mount ${entry.toolId} in the intent tree to see its schema and annotations here.` : 'no server offers this tool now.'}
        </p>
      )}
      {binding && binding.shadows.length > 0 && <p className="muted small">Also offered by {binding.shadows.join(', ')}, which lose to {binding.server}.</p>}
      <ToolIcons entry={entry} />

      <h3>Intent nodes</h3>
      {entry.nodes.length === 0 ? (
        <p className="state-empty small">No MCP intent node mounts this tool.</p>
      ) : (
        <ul className="plain-list">
          {entry.nodes.map((node) => (
            <li key={node}>
              <button type="button" className="link" onClick={() => openIntentNode(node)}>
                {node}
              </button>
            </li>
          ))}
        </ul>
      )}

      <h3>Gating skills</h3>
      {entry.gatedBy.length === 0 ? (
        <p className="state-empty small">No skill gates it.</p>
      ) : (
        <>
          <p className="muted small">Its schema is withheld until load_skill loads one of these:</p>
          <ul className="plain-list">
            {entry.gatedBy.map((skill) => (
              <li key={skill}>
                <button type="button" className="link" onClick={() => openSkill(skill)}>
                  {skill}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The server's icons for the tool: the inline images shown, and how many were not (see shared/mcp/icons.ts). */
function ToolIcons({ entry }: { entry: CatalogEntry }) {
  const shown = entry.icons ?? [];
  const withheld = entry.iconsWithheld ?? 0;
  if (shown.length === 0 && withheld === 0) return null;
  return (
    <>
      <h3>Icons</h3>
      {shown.length > 0 && (
        <p data-testid="tool-icons">
          {shown.map((icon, i) => (
            <span key={i} title={[icon.sizes?.join(' '), icon.theme && `${icon.theme} theme`].filter(Boolean).join(', ') || undefined}>
              <ToolIcon src={icon.src} />
            </span>
          ))}
        </p>
      )}
      {withheld > 0 && (
        <p className="muted small" data-testid="icons-withheld">
          {withheld} not shown: only inline images (data: URIs) are shown; the console never fetches an icon from an address a server gives.
        </p>
      )}
    </>
  );
}
