import { useRpcQuery } from '../queries';

/**
 * A remote tool's title and first shown icon, for a tool card (chat, records): catalog.tool of that (tool, server),
 * shared with the Tools page's cache and refreshed by catalog.changed. A tool no server offers now has neither.
 */
export function useToolLook(
  toolId: string,
  server: string | null,
): { title: string | null; icon: string | null; hasUi: boolean | undefined } {
  const detail = useRpcQuery(
    'catalog.tool',
    { toolId, server },
    { enabled: server !== null, retry: false, staleTime: 60_000 },
  );
  const entry = detail.data?.entry;
  // hasUi: the tool ships an MCP App (`_meta.ui.resourceUri`), which the card renders beside its result; undefined
  // when the entry does not say (the card then asks apps.resource, which refuses a tool without one as noUi).
  const ui = (entry as { ui?: unknown } | undefined)?.ui;
  return {
    title: entry?.title ?? null,
    icon: entry?.icons?.[0]?.src ?? null,
    hasUi: ui === undefined ? undefined : Boolean(ui),
  };
}
