import { useId } from 'react';
import { FieldErrors } from '../../components/FormField';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Bound tool names (catalog.list rows in state bound or gated), sorted; null while the catalog loads. */
  bound: readonly string[] | null;
  unlocks: readonly string[];
  errors: string[];
  onChange: (unlocks: string[]) => void;
}

/** Which bound tools the skill unlocks. An entry that names no bound tool stays listed, flagged, so it can be removed. */
export function UnlocksPicker({ bound, unlocks, errors, onChange }: Props) {
  const { t } = useTranslation(['skills', 'common']);
  const id = useId();
  const unbound = bound ? unlocks.filter((name) => !bound.includes(name)) : [];
  const toggle = (name: string, on: boolean) => onChange(on ? [...unlocks, name] : unlocks.filter((u) => u !== name));
  return (
    <fieldset
      className="editor-section unlocks"
      aria-describedby={errors.length ? `${id}-errors` : undefined}
      data-testid="skill-unlocks"
    >
      <legend>{t('unlocksPicker.unlocks')}</legend>
      <p className="muted small">{t('unlocksPicker.toolsListedHereAre')}</p>
      {bound === null ? (
        <p className="state-loading small">
          {t('unlocksPicker.loadingTheBoundTools', { unlocks: unlocks.join(', ') || t('common:shared.none') })}
        </p>
      ) : bound.length === 0 && unbound.length === 0 ? (
        <p className="state-empty small">{t('unlocksPicker.noToolIsBound')}</p>
      ) : (
        <div className="unlock-options">
          {bound.map((name) => (
            <label key={name} className="check-row">
              <input
                type="checkbox"
                checked={unlocks.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <code>{name}</code>
            </label>
          ))}
          {unbound.map((name) => (
            <label key={name} className="check-row warn-text">
              <input type="checkbox" checked onChange={() => toggle(name, false)} />
              <code>{name}</code> <span className="small">{t('unlocksPicker.notBoundUnavailableOr')}</span>
            </label>
          ))}
        </div>
      )}
      <FieldErrors id={`${id}-errors`} messages={errors} />
    </fieldset>
  );
}
