import { lazy, Suspense, type ComponentProps } from 'react';
import { Loading } from '../../components/QueryState';
import type { TemplateForm as TemplateFormComponent } from './TemplateForm';

// The form expands templates with the MCP SDK's UriTemplate, and the SDK brings zod with it: a chunk of its own, loaded
// when a template is opened, so the page the console loads up front holds no zod (docs/ARCHITECTURE.md, "zod").
const TemplateForm = lazy(() => import('./TemplateForm').then((module) => ({ default: module.TemplateForm })));

/** A resource template's form, loaded on first use. */
export function LazyTemplateForm(props: ComponentProps<typeof TemplateFormComponent>) {
  return (
    <Suspense fallback={<Loading />}>
      <TemplateForm {...props} />
    </Suspense>
  );
}
