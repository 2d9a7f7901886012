import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolApp as ToolAppComponent } from './ToolApp';

// The app view (ext-apps' AppBridge and its dependencies) is a chunk of its own, loaded only when a tool may have an app.
const ToolApp = lazy(() => import('./ToolApp').then((module) => ({ default: module.ToolApp })));

/**
 * A tool call's MCP App, loaded on first use. `hasUi`: the catalog says the tool ships one, so while the view loads
 * a status says so; when the catalog does not know yet, nothing shows until the view itself finds out.
 */
export function LazyToolApp({
  hasUi,
  ...props
}: ComponentProps<typeof ToolAppComponent> & { hasUi: boolean | undefined }) {
  const { t } = useTranslation('common');
  const fallback = hasUi ? (
    <p className="mcp-app-loading muted small" role="status" aria-busy="true" data-testid="mcp-app-loading">
      {t('mcpApp.loading', { app: props.target.toolId })}
    </p>
  ) : null;
  return (
    <Suspense fallback={fallback}>
      <ToolApp {...props} />
    </Suspense>
  );
}
