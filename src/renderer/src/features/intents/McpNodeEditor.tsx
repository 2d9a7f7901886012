import { useId } from 'react';
import type { ConfirmPolicy, McpLeaf } from '../../../../shared/config/schema';
import { FieldErrors, TextField } from '../../components/FormField';
import { errorMessage } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';
import { OverrideStaleNotice } from '../../components/OverrideStaleNotice';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { describedServer, serversOffering, type ToolIndex, type ToolOffer } from '../../lib/catalog/tool-index';
import { DescriptionDiff } from '../../components/DescriptionDiff';
import { natureKey, ToolPicker } from './ToolPicker';
import { useTranslation } from 'react-i18next';

interface Props {
  node: McpLeaf;
  index: ToolIndex | null;
  errorsOf: (field: string) => string[];
  onChange: (node: McpLeaf) => void;
  /** A picked tool names a node that has no name of its own yet (see tree-ops nameFromTool). */
  nameFromTool?: (node: McpLeaf) => McpLeaf;
}

/** The confirmation policies; each is written as its YAML value, its meaning is in intents.json (`mcp.policies`). */
const POLICIES: readonly ConfirmPolicy[] = ['auto', 'always', 'never'];

/** Drops an optional key instead of writing an empty value, so the YAML keeps only what the operator set. */
function withOptional<K extends 'server' | 'description'>(node: McpLeaf, key: K, value: string): McpLeaf {
  const next = { ...node };
  if (value) next[key] = value;
  else delete next[key];
  return next;
}

/** What each section of the editor needs: the node, how to change it, its problems by field, and a form id. */
interface SectionProps {
  node: McpLeaf;
  onChange: (node: McpLeaf) => void;
  errorsOf: (field: string) => string[];
  id: string;
}

/** The MCP leaf fields: which tool, from which server, how it is described to the model, and when to confirm. */
export function McpNodeEditor({ node, index, errorsOf, onChange, nameFromTool = (n) => n }: Props) {
  const id = useId();
  const section = { node, onChange, errorsOf, id };
  const entries = index?.entriesByToolId.get(node.toolId) ?? [];
  const bound = index?.boundByToolId.get(node.toolId);
  const readOnly = (bound ?? entries.find((e) => e.server !== null))?.readOnly ?? null;
  const offering = index && node.toolId ? serversOffering(index, node.toolId) : [];
  return (
    <>
      <ToolSection {...section} index={index} readOnly={readOnly} nameFromTool={nameFromTool} />
      {(offering.length > 1 || node.server || errorsOf('server').length > 0) && (
        <ServerPin {...section} offering={offering} />
      )}
      <DescriptionSection {...section} index={index} />
      <ConfirmSection {...section} readOnly={readOnly} />
    </>
  );
}

interface ToolSectionProps extends SectionProps {
  index: ToolIndex | null;
  readOnly: boolean | null;
  nameFromTool: (node: McpLeaf) => McpLeaf;
}

/** The tool id, its state on each server that offers it, and the picker. */
function ToolSection({ node, onChange, errorsOf, index, readOnly, nameFromTool }: ToolSectionProps) {
  const { t } = useTranslation('intents');
  const entries = index?.entriesByToolId.get(node.toolId) ?? [];
  const pick = (offer: ToolOffer) => {
    const servers = index ? serversOffering(index, offer.toolId) : [];
    // Picking one copy of a name two servers offer pins that server; a name only one server offers needs no pin.
    onChange(
      nameFromTool(withOptional({ ...node, toolId: offer.toolId }, 'server', servers.length > 1 ? offer.server : '')),
    );
  };
  return (
    <fieldset className="editor-section">
      <legend>{t('mcp.tool')}</legend>
      <TextField
        label={t('mcp.toolId')}
        value={node.toolId}
        onChange={(toolId) => onChange({ ...node, toolId })}
        errors={errorsOf('toolId')}
        spellCheck={false}
        hint={t('mcp.toolIdHint')}
      />
      {node.toolId && index && (
        <p className="tool-status" data-testid="node-tool-status">
          {entries.length === 0 ? (
            <span className="muted">{t('mcp.notInCatalog')}</span>
          ) : (
            entries.map((entry) => (
              <span key={`${entry.server}`} className="tool-status-item">
                <ToolStateBadge state={entry.state} />{' '}
                <span className="muted">{entry.server ?? t('mcp.noServer')}</span>
              </span>
            ))
          )}{' '}
          <span className="muted">· {t(natureKey(readOnly))}</span>
        </p>
      )}
      {index ? (
        <ToolPicker offers={index.offers} current={node} onPick={pick} />
      ) : (
        <p className="state-loading">{t('mcp.loadingTools')}</p>
      )}
    </fieldset>
  );
}

/** Which server's copy of the tool to call, when several offer it (or one is pinned). */
function ServerPin({ node, onChange, errorsOf, id, offering }: SectionProps & { offering: string[] }) {
  const { t } = useTranslation('intents');
  return (
    <div className="form-field">
      <label htmlFor={`${id}-server`}>{t('mcp.server')}</label>
      <select
        id={`${id}-server`}
        value={node.server ?? ''}
        aria-invalid={errorsOf('server').length > 0 || undefined}
        aria-describedby={`${id}-server-help`}
        onChange={(event) => onChange(withOptional(node, 'server', event.target.value))}
      >
        <option value="">
          {offering[0] ? t('mcp.firstInOrderIs', { server: offering[0] }) : t('mcp.firstInOrder')}
        </option>
        {offering.map((server) => (
          <option key={server} value={server}>
            {server}
          </option>
        ))}
        {node.server && !offering.includes(node.server) && (
          <option value={node.server}>{t('mcp.doesNotOfferNow', { server: node.server })}</option>
        )}
      </select>
      <p id={`${id}-server-help`} className="muted small">
        {offering.length > 1
          ? t('mcp.allOffer', { servers: offering.join(t('mcp.and')), toolId: node.toolId })
          : t('mcp.pinnedNeverFallsBack')}
      </p>
      <FieldErrors id={`${id}-server-errors`} messages={errorsOf('server')} />
    </div>
  );
}

/** The server's own description beside the override, with a word diff between them. */
function DescriptionSection({ node, onChange, errorsOf, id, index }: SectionProps & { index: ToolIndex | null }) {
  const { t } = useTranslation('intents');
  // The server's text and the binding's staleness come with that row's detail: the catalog list carries neither.
  const server = index && node.toolId ? describedServer(index, node.toolId, node.server) : null;
  const detail = useRpcQuery('catalog.tool', { toolId: node.toolId, server }, { enabled: server !== null });
  const original = server === null ? null : (detail.data?.entry.remoteDescription ?? null);
  const binding = server === null ? null : (detail.data?.binding ?? null);
  const setOverride = (text: string) => onChange(withOptional(node, 'description', text));
  return (
    <fieldset className="editor-section">
      <legend>{t('mcp.descriptionSent')}</legend>
      {binding?.overrideStale && <OverrideStaleNotice toolId={binding.toolId} server={binding.server} />}
      <div className="description-columns">
        <div>
          <h3 className="small-heading">{t('mcp.serversOriginal')}</h3>
          {server === null ? (
            <p className="state-empty small">{node.toolId ? t('mcp.textUnknown') : t('mcp.chooseAToolFirst')}</p>
          ) : detail.isPending ? (
            <p className="state-loading small">{t('mcp.loadingText', { server })}</p>
          ) : detail.isError ? (
            <p className="field-error small">
              {t('mcp.couldNotLoadText', { server, errorMessage: errorMessage(detail.error) })}
            </p>
          ) : original === null ? (
            <p className="state-empty small">{t('mcp.noDescription', { server })}</p>
          ) : (
            <blockquote className="remote-description" data-testid="remote-description">
              {original || <em className="muted">{t('mcp.emptyDescription')}</em>}
            </blockquote>
          )}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-description`}>{t('mcp.override')}</label>
          <textarea
            id={`${id}-description`}
            rows={4}
            value={node.description ?? ''}
            aria-invalid={errorsOf('description').length > 0 || undefined}
            onChange={(event) => setOverride(event.target.value)}
          />
          <div className="actions">
            <button
              type="button"
              className="btn btn-small"
              disabled={!original}
              onClick={() => setOverride(original ?? '')}
            >
              {t('mcp.startFromServerText')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={node.description === undefined}
              onClick={() => setOverride('')}
            >
              {t('mcp.clearOverride')}
            </button>
          </div>
          <FieldErrors id={`${id}-description-errors`} messages={errorsOf('description')} />
        </div>
      </div>
      {node.description && original !== null && <DescriptionDiff original={original} override={node.description} />}
    </fieldset>
  );
}

/** When a call of this tool waits for the operator's approval, and what "auto" means for it. */
function ConfirmSection({ node, onChange, id, readOnly }: SectionProps & { readOnly: boolean | null }) {
  const { t } = useTranslation('intents');
  return (
    <fieldset className="editor-section">
      <legend>{t('mcp.confirmation')}</legend>
      {POLICIES.map((policy) => (
        <label key={policy} className="radio-row">
          <input
            type="radio"
            name={`${id}-confirm`}
            value={policy}
            checked={node.confirm === policy}
            onChange={() => onChange({ ...node, confirm: policy })}
          />
          <span>
            <strong>{policy}</strong> <span className="muted small">— {t(`mcp.policies.${policy}`)}</span>
          </span>
        </label>
      ))}
      {node.confirm === 'auto' && readOnly !== null && (
        <p className="muted small" data-testid="confirm-effect">
          {readOnly ? t('mcp.effectReadOnly', { toolId: node.toolId }) : t('mcp.effectWrites', { toolId: node.toolId })}
        </p>
      )}
    </fieldset>
  );
}
