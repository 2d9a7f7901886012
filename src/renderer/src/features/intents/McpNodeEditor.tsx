import { useId } from 'react';
import type { ConfirmPolicy, McpLeaf } from '../../../../shared/config/schema';
import { FieldErrors, TextField } from '../../components/FormField';
import { errorMessage } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';
import { OverrideStaleNotice } from '../../components/OverrideStaleNotice';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { describedServer, serversOffering, type ToolIndex, type ToolOffer } from '../../lib/catalog/tool-index';
import { DescriptionDiff } from '../../components/DescriptionDiff';
import { natureLabel, ToolPicker } from './ToolPicker';

interface Props {
  node: McpLeaf;
  index: ToolIndex | null;
  errorsOf: (field: string) => string[];
  onChange: (node: McpLeaf) => void;
  /** A picked tool names a node that has no name of its own yet (see tree-ops nameFromTool). */
  nameFromTool?: (node: McpLeaf) => McpLeaf;
}

const POLICIES: { value: ConfirmPolicy; label: string; help: string }[] = [
  { value: 'auto', label: 'auto', help: 'ask unless the tool declares readOnlyHint: true (a missing hint counts as a write)' },
  { value: 'always', label: 'always', help: 'ask before every call' },
  { value: 'never', label: 'never', help: 'never ask: you trust this tool' },
];

/** Drops an optional key instead of writing an empty value, so the YAML keeps only what the operator set. */
function withOptional<K extends 'server' | 'description'>(node: McpLeaf, key: K, value: string): McpLeaf {
  const next = { ...node };
  if (value) next[key] = value;
  else delete next[key];
  return next;
}

/** The MCP leaf fields: which tool, from which server, how it is described to the model, and when to confirm. */
export function McpNodeEditor({ node, index, errorsOf, onChange, nameFromTool = (n) => n }: Props) {
  const id = useId();
  const offering = index && node.toolId ? serversOffering(index, node.toolId) : [];
  const entries = index?.entriesByToolId.get(node.toolId) ?? [];
  const bound = index?.boundByToolId.get(node.toolId);
  const readOnly = (bound ?? entries.find((e) => e.server !== null))?.readOnly ?? null;
  // The server's text and the binding's staleness come with that row's detail: the catalog list carries neither.
  const server = index && node.toolId ? describedServer(index, node.toolId, node.server) : null;
  const detail = useRpcQuery('catalog.tool', { toolId: node.toolId, server }, { enabled: server !== null });
  const original = server === null ? null : (detail.data?.entry.remoteDescription ?? null);
  const binding = server === null ? null : (detail.data?.binding ?? null);
  const pick = (offer: ToolOffer) => {
    const servers = index ? serversOffering(index, offer.toolId) : [];
    // Picking one copy of a name two servers offer pins that server; a name only one server offers needs no pin.
    onChange(nameFromTool(withOptional({ ...node, toolId: offer.toolId }, 'server', servers.length > 1 ? offer.server : '')));
  };

  return (
    <>
      <fieldset className="editor-section">
        <legend>Tool</legend>
        <TextField
          label="Tool id"
          value={node.toolId}
          onChange={(toolId) => onChange({ ...node, toolId })}
          errors={errorsOf('toolId')}
          spellCheck={false}
          hint="The tool name the server offers. A name no server offers is kept and shown as unavailable."
        />
        {node.toolId && index && (
          <p className="tool-status" data-testid="node-tool-status">
            {entries.length === 0 ? (
              <span className="muted">Not in the catalog yet.</span>
            ) : (
              entries.map((entry) => (
                <span key={`${entry.server}`} className="tool-status-item">
                  <ToolStateBadge state={entry.state} /> <span className="muted">{entry.server ?? 'no server'}</span>
                </span>
              ))
            )}{' '}
            <span className="muted">· {natureLabel(readOnly)}</span>
          </p>
        )}
        {index ? <ToolPicker offers={index.offers} current={node} onPick={pick} /> : <p className="state-loading">Loading discovered tools…</p>}
      </fieldset>

      {(offering.length > 1 || node.server || errorsOf('server').length > 0) && (
        <div className="form-field">
          <label htmlFor={`${id}-server`}>Server</label>
          <select
            id={`${id}-server`}
            value={node.server ?? ''}
            aria-invalid={errorsOf('server').length > 0 || undefined}
            aria-describedby={`${id}-server-help`}
            onChange={(event) => onChange(withOptional(node, 'server', event.target.value))}
          >
            <option value="">First in config order{offering[0] ? ` (${offering[0]})` : ''}</option>
            {offering.map((server) => (
              <option key={server} value={server}>
                {server}
              </option>
            ))}
            {node.server && !offering.includes(node.server) && <option value={node.server}>{node.server} (does not offer it now)</option>}
          </select>
          <p id={`${id}-server-help`} className="muted small">
            {offering.length > 1
              ? `${offering.join(' and ')} all offer ${node.toolId}: the others are shadowed. Pin one, or let config order decide.`
              : 'A pinned tool never falls back to another server.'}
          </p>
          <FieldErrors id={`${id}-server-errors`} messages={errorsOf('server')} />
        </div>
      )}

      <fieldset className="editor-section">
        <legend>Description sent to the model</legend>
        {binding?.overrideStale && <OverrideStaleNotice toolId={binding.toolId} server={binding.server} />}
        <div className="description-columns">
          <div>
            <h4 className="small-heading">Server’s original</h4>
            {server === null ? (
              <p className="state-empty small">{node.toolId ? 'No server offers this tool now, so its text is unknown.' : 'Choose a tool first.'}</p>
            ) : detail.isPending ? (
              <p className="state-loading small">Loading the text {server} gives…</p>
            ) : detail.isError ? (
              <p className="field-error small">Could not load the text {server} gives: {errorMessage(detail.error)}</p>
            ) : original === null ? (
              <p className="state-empty small">{server} gives no description.</p>
            ) : (
              <blockquote className="remote-description" data-testid="remote-description">
                {original || <em className="muted">(the server gives no description)</em>}
              </blockquote>
            )}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-description`}>Override (empty = use the server’s text)</label>
            <textarea
              id={`${id}-description`}
              rows={4}
              value={node.description ?? ''}
              aria-invalid={errorsOf('description').length > 0 || undefined}
              onChange={(event) => onChange(withOptional(node, 'description', event.target.value))}
            />
            <div className="actions">
              <button type="button" className="btn btn-small" disabled={!original} onClick={() => onChange(withOptional(node, 'description', original ?? ''))}>
                Start from the server’s text
              </button>
              <button type="button" className="btn btn-small" disabled={node.description === undefined} onClick={() => onChange(withOptional(node, 'description', ''))}>
                Clear override
              </button>
            </div>
            <FieldErrors id={`${id}-description-errors`} messages={errorsOf('description')} />
          </div>
        </div>
        {node.description && original !== null && <DescriptionDiff original={original} override={node.description} />}
      </fieldset>

      <fieldset className="editor-section">
        <legend>Confirmation before a call</legend>
        {POLICIES.map((policy) => (
          <label key={policy.value} className="radio-row">
            <input type="radio" name={`${id}-confirm`} value={policy.value} checked={node.confirm === policy.value} onChange={() => onChange({ ...node, confirm: policy.value })} />
            <span>
              <strong>{policy.label}</strong> <span className="muted small">— {policy.help}</span>
            </span>
          </label>
        ))}
        {node.confirm === 'auto' && readOnly !== null && (
          <p className="muted small" data-testid="confirm-effect">
            For {node.toolId}: {readOnly ? 'read-only, so calls run without asking.' : 'it may write, so every call is confirmed.'}
          </p>
        )}
      </fieldset>
    </>
  );
}
