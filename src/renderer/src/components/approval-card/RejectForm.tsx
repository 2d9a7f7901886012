import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The reason is required: main refuses an empty one, and the model is told it. */
export function RejectForm({
  busy,
  onReject,
  onCancel,
}: {
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // The form opens under the card, often below the fold: bring the whole of it (box and buttons) into view.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      ref.current?.focus();
      return;
    }
    onReject(reason.trim());
  };

  return (
    <form className="reject-form" ref={formRef} onSubmit={submit}>
      <label htmlFor={`${id}-reason`}>{t('rejectForm.reasonForRejectingSent')}</label>
      <textarea
        id={`${id}-reason`}
        ref={ref}
        rows={2}
        value={reason}
        maxLength={2000}
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          if (event.target.value.trim()) setMissing(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
        }}
      />
      {missing && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t('rejectForm.aReasonIsRequired')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {t('rejectForm.reject')}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {t('rejectForm.cancel')}
        </button>
      </div>
    </form>
  );
}
