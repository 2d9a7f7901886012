import { useEffect } from 'react';
import { useUiStore } from '../ui-store';

/** One tool to add to the intent tree as an MCP node, named from its definition (its description stays the server's). */
export interface ToolToMount {
  toolId: string;
  server: string;
  /** Pin this server on the node: set when more than one server offers the name. */
  pinServer: boolean;
  title: string | null;
}

export interface MountRequest {
  /** The category the nodes go into; null = the top level. */
  categoryId: string | null;
  tools: ToolToMount[];
}

const LAST_CATEGORY_KEY = 'switchboard.mount.category';

/** The category the operator mounted into last (the default next time). */
export const lastMountCategory = (): string | null =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_CATEGORY_KEY);

/**
 * Asks the Intent tree page to add these tools as MCP nodes to its unsaved draft and open the first one. The
 * Tools page never touches the tree itself: the intent editor owns its draft.
 */
export function mountTools(request: MountRequest): void {
  if (request.categoryId !== null) localStorage.setItem(LAST_CATEGORY_KEY, request.categoryId);
  const { setPage } = useUiStore.getState();
  setPage('intents');
  // An unsaved-changes guard elsewhere may have kept the operator where they were: then nothing waits.
  if (useUiStore.getState().page === 'intents') useUiStore.setState({ mounting: request });
}

/** For the intent tree: takes each mount request once, when the page can act on it. */
export function useMountRequest(mount: (request: MountRequest) => void): void {
  const request = useUiStore((s) => s.mounting);
  useEffect(() => {
    if (!request) return;
    useUiStore.setState({ mounting: null });
    mount(request);
  }, [request, mount]);
}
