import { useId } from 'react';
import { DeprecatedMark } from '../../components/DeprecatedMark';
import { FieldErrors, TextField } from '../../components/FormField';
import type { ClientFormState, FormErrors } from './server-form';
import { useTranslation } from 'react-i18next';

interface Props {
  client: ClientFormState;
  errors: FormErrors;
  onChange: (client: ClientFormState) => void;
}

/**
 * What the server may ask of us (elicitation, sampling and roots are declared in initialize, and some servers
 * offer tools only to clients that declare them), and how long a call that reports progress may run.
 */
export function ClientFields({ client, errors, onChange }: Props) {
  const { t } = useTranslation('servers');
  const id = useId();
  const set = (patch: Partial<ClientFormState>) => onChange({ ...client, ...patch });
  return (
    <fieldset className="client-fields">
      <legend>{t('clientFields.whatItMayAsk')}</legend>
      <label className="check-row">
        <input type="checkbox" checked={client.elicitation} onChange={(e) => set({ elicitation: e.target.checked })} />{' '}
        {t('clientFields.questionsElicitationFormsAnd')}
      </label>
      <div className="field-pair">
        <label className="check-row">
          <input type="checkbox" checked={client.sampling} onChange={(e) => set({ sampling: e.target.checked })} />{' '}
          {t('clientFields.modelRequestsSamplingEach')} <DeprecatedMark />
        </label>
        <TextField
          label={t('clientFields.modelRequestsPerMinute')}
          value={client.samplingPerMinute}
          onChange={(samplingPerMinute) => set({ samplingPerMinute })}
          errors={errors.samplingPerMinute ?? []}
          inputMode="numeric"
          placeholder="10"
          disabled={!client.sampling}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-roots`}>
          {t('clientFields.rootsOneDirectoryPer')} <DeprecatedMark />
        </label>
        <textarea
          id={`${id}-roots`}
          rows={2}
          value={client.roots}
          onChange={(e) => set({ roots: e.target.value })}
          spellCheck={false}
          aria-describedby={`${id}-roots-hint`}
          aria-invalid={errors.roots?.length ? true : undefined}
        />
        <p id={`${id}-roots-hint`} className="muted small">
          {t('clientFields.offeredAsFileRoots')}
        </p>
        <FieldErrors id={`${id}-roots-errors`} messages={errors.roots ?? []} />
      </div>
      <label className="check-row">
        <input
          type="checkbox"
          checked={client.useInstructions}
          onChange={(e) => set({ useInstructions: e.target.checked })}
        />{' '}
        {t('clientFields.sendItsInstructionsTo')}
      </label>
      <TextField
        label={t('clientFields.longestCallWithProgress')}
        value={client.maxTotalTimeoutMs}
        onChange={(maxTotalTimeoutMs) => set({ maxTotalTimeoutMs })}
        errors={errors.maxTotalTimeoutMs ?? []}
        inputMode="numeric"
        placeholder="600000"
        hint={t('clientFields.eachProgressNotificationRestarts')}
      />
    </fieldset>
  );
}
