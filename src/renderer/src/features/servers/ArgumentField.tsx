import { useId } from 'react';
import type { RouteInput } from '../../../../shared/contract';
import { useRpcQuery } from '../../lib/queries';
import { useTranslation } from 'react-i18next';

interface ArgumentProps {
  server: string;
  /** What the argument belongs to, for completion/complete: a prompt or a resource template. */
  reference: RouteInput<'prompts.complete'>['ref'];
  name: string;
  label: string;
  hint?: string;
  value: string;
  others: Record<string, string>;
  completions: boolean;
  onChange: (value: string) => void;
}

/** One argument of a prompt or variable of a resource template; when the server offers completions, its suggestions for what is typed so far. */
export function ArgumentField({
  server,
  reference,
  name,
  label,
  hint,
  value,
  others,
  completions,
  onChange,
}: ArgumentProps) {
  const { t } = useTranslation('servers');
  const id = useId();
  const context = Object.fromEntries(Object.entries(others).filter(([key, v]) => key !== name && v !== ''));
  const suggest = useRpcQuery(
    'prompts.complete',
    { server, ref: reference, argument: { name, value }, context },
    { enabled: completions, staleTime: 30_000 },
  );
  const values = suggest.data?.values ?? [];
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        list={`${id}-suggestions`}
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id={`${id}-suggestions`}>
        {values.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      {hint && <p className="muted small">{hint}</p>}
      {values.length > 0 && (
        <p className="small suggestions" data-testid="argument-suggestions">
          {t('argumentField.suggestions')}{' '}
          {values.slice(0, 10).map((v) => (
            <button key={v} type="button" className="btn btn-small" onClick={() => onChange(v)}>
              {v}
            </button>
          ))}
          {suggest.data?.hasMore && <span className="muted"> {t('argumentField.andMore')}</span>}
        </p>
      )}
    </div>
  );
}
