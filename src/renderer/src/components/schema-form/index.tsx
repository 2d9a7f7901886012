import { lazy, Suspense } from 'react';
import type { SchemaFormProps } from './SchemaForm';
import { useTranslation } from 'react-i18next';

export type { SchemaFormProps } from './SchemaForm';

// The form library (rjsf + a JSON Schema validator) is loaded the first time a form is shown, not at start-up.
const SchemaFormImpl = lazy(() => import('./SchemaForm'));

/** Arguments for a JSON Schema as a form or JSON, validated before submit; see SchemaForm. */
export function SchemaForm(props: SchemaFormProps) {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<p className="state-loading">{t('index.loadingTheForm')}</p>}>
      <SchemaFormImpl {...props} />
    </Suspense>
  );
}
