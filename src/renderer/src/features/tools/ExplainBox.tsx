import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { ExplanationView } from '../../../../shared/contract';
import { LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { useToolsUiStore } from './tools-ui-store';
import { Trans, useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/i18n/messages';

interface Props {
  /** Tool names to suggest: every catalog row and local tool (deduplicated and sorted only once suggestions are shown). */
  names: () => readonly string[];
  skills: readonly string[];
}

/**
 * "Why is (or isn't) this tool visible?": any tool name, optionally with skills loaded, walked through every layer
 * by main's explain. The first layer that drops the tool is highlighted.
 */
export function ExplainBox({ names, skills }: Props) {
  const { t } = useTranslation('tools');
  const asked = useToolsUiStore((s) => s.explain);
  const askExplain = useToolsUiStore((s) => s.askExplain);
  const [toolId, setToolId] = useState(asked?.toolId ?? '');
  const [loaded, setLoaded] = useState<string[]>(asked?.loadedSkills ?? []);
  const [suggest, setSuggest] = useState(false);
  const id = useId();
  const suggestions = useMemo(() => (suggest ? names() : []), [suggest, names]);

  // A question asked from elsewhere (the detail panel's "Explain this tool") fills the form.
  useEffect(() => {
    if (!asked) return;
    setToolId(asked.toolId);
    setLoaded(asked.loadedSkills);
  }, [asked]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = toolId.trim();
    if (name)
      askExplain(
        name,
        loaded.filter((skill) => skills.includes(skill)),
      );
  };

  return (
    <section className="explain-box" aria-labelledby={`${id}-title`} data-testid="explain-box">
      <h2 id={`${id}-title`}>{t('explain.title')}</h2>
      <form className="explain-form" onSubmit={submit}>
        <div className="form-field">
          <label htmlFor={`${id}-tool`}>{t('explain.toolName')}</label>
          <input
            id={`${id}-tool`}
            value={toolId}
            list={suggest ? `${id}-names` : undefined}
            spellCheck={false}
            placeholder={t('explain.example')}
            onFocus={() => setSuggest(true)}
            onChange={(event) => setToolId(event.target.value)}
          />
          {/* Rendered on first focus: thousands of options would slow the page's first paint for nothing. */}
          {suggest && (
            <datalist id={`${id}-names`}>
              {suggestions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          )}
        </div>
        {skills.length > 0 && (
          <fieldset className="explain-skills">
            <legend>{t('explain.loadedSkills')}</legend>
            {skills.map((skill) => (
              <label key={skill} className="check-row">
                <input
                  type="checkbox"
                  checked={loaded.includes(skill)}
                  onChange={(event) =>
                    setLoaded(event.target.checked ? [...loaded, skill] : loaded.filter((s) => s !== skill))
                  }
                />
                {skill}
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" className="btn btn-primary" disabled={!toolId.trim()}>
          {t('explain.explain')}
        </button>
      </form>
      {asked ? (
        <ExplainResult toolId={asked.toolId} loadedSkills={asked.loadedSkills} />
      ) : (
        <p className="state-empty small">{t('explain.typeAName')}</p>
      )}
    </section>
  );
}

function ExplainResult({ toolId, loadedSkills }: { toolId: string; loadedSkills: string[] }) {
  // Keyed by tool and skills; catalog.changed invalidates it, so the answer follows the live catalog.
  const { t } = useTranslation(['tools', 'common']);
  const explain = useRpcQuery('catalog.explain', { toolId, loadedSkills });
  const messageText = useMessageText();
  if (explain.isPending) return <Loading>{t('explain.explaining', { toolId })}</Loading>;
  if (explain.isError)
    return (
      <LoadError
        what={t('explain.theExplanationOf', { toolId })}
        error={explain.error}
        onRetry={() => void explain.refetch()}
      />
    );
  const { verdict, firstFailingLayer } = explain.data;
  return (
    <div
      className="explain-result"
      data-testid="explain-result"
      data-verdict={verdict}
      data-first-failing={firstFailingLayer ?? ''}
    >
      <ExplainVerdict toolId={toolId} explanation={explain.data} />
      <ExplainLayers toolId={toolId} explanation={explain.data} />
      {explain.data.notes?.map((note, i) => (
        <p key={i} className="warn-text small" role="note" data-testid="explain-note" data-message-code={note.code}>
          {messageText(note)}
        </p>
      ))}
    </div>
  );
}

/** "<tool> is visible", or dropped, at which layer; and the catalog revision the answer is from. */
function ExplainVerdict({ toolId, explanation }: { toolId: string; explanation: ExplanationView }) {
  const { t } = useTranslation(['tools', 'common']);
  const { verdict, layers, firstFailingLayer, revision } = explanation;
  // The contract types the first failing layer as text; the layer list names it with the known word.
  const failing = layers.find((layer) => layer.layer === firstFailingLayer)?.layer;
  return (
    <p className="explain-verdict">
      <Trans
        t={t}
        i18nKey={
          verdict === 'visible'
            ? 'explain.verdictVisible'
            : firstFailingLayer
              ? 'explain.verdictDroppedAt'
              : 'explain.verdict'
        }
        values={{
          toolId,
          verdict: t(`explain.verdicts.${verdict}`),
          layer: failing ? t(`explain.layers.${failing}`) : (firstFailingLayer ?? ''),
        }}
        components={{
          code: <code />,
          verdict: (
            <span
              className={`status status-${verdict === 'visible' ? 'ok' : 'bad'}`}
              data-testid="explain-verdict"
              title={verdict}
            />
          ),
        }}
      />
      <span className="muted small">{t('explain.revision', { revision })}</span>
    </p>
  );
}

/** Every layer in order, passed or failed, with the first failing one marked as the current step. */
function ExplainLayers({ toolId, explanation }: { toolId: string; explanation: ExplanationView }) {
  const { t } = useTranslation(['tools', 'common']);
  const messageText = useMessageText();
  const { layers, firstFailingLayer } = explanation;
  return (
    <ol className="explain-layers" aria-label={t('explain.layersFor', { toolId })}>
      {layers.map((layer) => {
        const first = layer.layer === firstFailingLayer;
        return (
          <li
            key={layer.layer}
            className={`explain-layer ${layer.ok ? 'layer-ok' : 'layer-fail'}${first ? ' first-failing' : ''}`}
            data-testid="explain-layer"
            data-layer={layer.layer}
            data-ok={layer.ok}
            aria-current={first ? 'step' : undefined}
          >
            <span className="layer-mark" aria-hidden="true">
              {layer.ok ? '✓' : '✗'}
            </span>
            <strong className="layer-name" title={t('common:states.canonical', { state: layer.layer })}>
              {t(`explain.layers.${layer.layer}`)}
            </strong>
            <span className="visually-hidden">{layer.ok ? t('explain.passes') : t('explain.fails')}</span>
            {first && <span className="status status-bad">{t('explain.firstFailingLayer')}</span>}
            <span className="layer-detail" data-message-code={layer.message.code}>
              {messageText(layer.message)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
