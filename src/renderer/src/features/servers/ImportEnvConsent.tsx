import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportEnvReference } from '../../../../shared/contract';

/**
 * The `${env:NAME}` variables an import would send, each by name with the servers (and where) it would go to, and a
 * checkbox per variable, unticked by default: main leaves out every reference whose variable is not ticked.
 */
export function ImportEnvConsent({
  references,
  allowed,
  onChange,
}: {
  references: readonly ImportEnvReference[];
  allowed: readonly string[];
  onChange: (allowed: string[]) => void;
}) {
  const { t } = useTranslation(['servers', 'common']);
  const id = useId();
  const variables = [...new Set(references.map((r) => r.variable))];
  if (variables.length === 0) return null;
  const toggle = (variable: string, on: boolean) =>
    onChange(on ? [...allowed, variable] : allowed.filter((v) => v !== variable));
  return (
    <fieldset className="editor-section" data-testid="import-env-consent" aria-describedby={`${id}-intro`}>
      <legend>{t('importServers.envTitle')}</legend>
      <p id={`${id}-intro`} className="muted small">
        {t('importServers.envIntro')}
      </p>
      {variables.map((variable) => (
        <div key={variable} className="env-consent-row" data-variable={variable}>
          <label className="radio-row">
            <input
              type="checkbox"
              checked={allowed.includes(variable)}
              onChange={(event) => toggle(variable, event.target.checked)}
            />
            <span>{t('importServers.envAllow', { variable })}</span>{' '}
            <code className="warn-text">{`\${env:${variable}}`}</code>
          </label>
          <ul className="small">
            {references
              .filter((r) => r.variable === variable)
              .map((r, index) => (
                <li key={index}>
                  {t('importServers.envUse', {
                    server: r.server,
                    place: t(`importServers.envPlace.${r.where}`, { key: r.key ?? '' }),
                  })}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}
