import { useMemo, useState } from 'react';
import { SubmitWhenFilled } from './SubmitWhenFilled';
import type { ResourceTemplateView } from '../../../../shared/contract';
import { ResourceContents } from '../../components/ResourceContents';
import { ArgumentField } from './ArgumentField';
import { parseTemplate } from './uri-template';
import { Trans, useTranslation } from 'react-i18next';

interface Props {
  server: string;
  template: ResourceTemplateView;
  completions: boolean;
  /** Puts the raw template in the URI field, for a template the form cannot fill in. */
  onEditByHand: (uriTemplate: string) => void;
}

/** A resource template's variables as fields (with the server's suggestions), the URI they make, and a Read of it. */
export function TemplateForm({ server, template, completions, onEditByHand }: Props) {
  const { t } = useTranslation('servers');
  const parsed = useMemo(() => parseTemplate(template.uriTemplate), [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [read, setRead] = useState<string | null>(null);
  if (!parsed.ok)
    return (
      <div className="template-form" data-testid="template-form">
        <p className="field-error small">{t('templateForm.thisTemplateCannotBe', { error: parsed.error })}</p>
        <button type="button" className="btn btn-small" onClick={() => onEditByHand(template.uriTemplate)}>
          {t('templateForm.editTheUriBy')}
        </button>
      </div>
    );
  const missing = parsed.variables.filter((name) => !values[name]?.trim());
  const uri = parsed.expand(values);
  return (
    <form
      className="template-form"
      aria-label={t('templateForm.variablesOf', { name: template.name })}
      data-testid="template-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing.length === 0) setRead(uri);
      }}
    >
      {parsed.variables.map((name) => (
        <ArgumentField
          key={name}
          server={server}
          reference={{ type: 'resourceTemplate', uriTemplate: template.uriTemplate }}
          name={name}
          label={name}
          value={values[name] ?? ''}
          others={values}
          completions={completions}
          onChange={(value) => setValues({ ...values, [name]: value })}
        />
      ))}
      <p className="small">
        <Trans
          t={t}
          i18nKey="templateForm.uri"
          values={{ uri }}
          components={{ code: <code data-testid="template-uri" /> }}
        />
      </p>
      <SubmitWhenFilled missing={missing}>{t('templateForm.read')}</SubmitWhenFilled>
      {read && <ResourceContents server={server} uri={read} />}
    </form>
  );
}
