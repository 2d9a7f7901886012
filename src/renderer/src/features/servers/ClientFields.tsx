import { useId } from 'react';
import { FieldErrors, TextField } from '../../components/FormField';
import type { ClientFormState, FormErrors } from './server-form';

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
  const id = useId();
  const set = (patch: Partial<ClientFormState>) => onChange({ ...client, ...patch });
  return (
    <fieldset className="client-fields">
      <legend>What it may ask of us</legend>
      <label className="check-row">
        <input type="checkbox" checked={client.elicitation} onChange={(e) => set({ elicitation: e.target.checked })} /> Questions (elicitation: forms and
        links, answered by the operator)
      </label>
      <div className="field-pair">
        <label className="check-row">
          <input type="checkbox" checked={client.sampling} onChange={(e) => set({ sampling: e.target.checked })} /> Model requests (sampling, each
          approved by the operator)
        </label>
        <TextField
          label="Model requests per minute"
          value={client.samplingPerMinute}
          onChange={(samplingPerMinute) => set({ samplingPerMinute })}
          errors={errors.samplingPerMinute ?? []}
          inputMode="numeric"
          placeholder="10"
          disabled={!client.sampling}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-roots`}>Roots (one directory per line)</label>
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
          Offered as file:// roots; none = the roots capability is not declared. A change is announced without reconnecting.
        </p>
        <FieldErrors id={`${id}-roots-errors`} messages={errors.roots ?? []} />
      </div>
      <label className="check-row">
        <input type="checkbox" checked={client.useInstructions} onChange={(e) => set({ useInstructions: e.target.checked })} /> Send its instructions to
        the model (appended to the system prompt; each step records them with their tokens)
      </label>
      <TextField
        label="Longest call with progress (ms)"
        value={client.maxTotalTimeoutMs}
        onChange={(maxTotalTimeoutMs) => set({ maxTotalTimeoutMs })}
        errors={errors.maxTotalTimeoutMs ?? []}
        inputMode="numeric"
        placeholder="600000"
        hint="Each progress notification restarts the timeout; this bounds the whole call. Empty = 10 minutes."
      />
    </fieldset>
  );
}
