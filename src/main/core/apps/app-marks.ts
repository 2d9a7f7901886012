import { APP_MIME_TYPE } from '../../../shared/contract';
import type { ToolDefinition } from '../../../shared/catalog';
import { toolAppUi } from '../../../shared/catalog/app-ui';
import { appResourceOf } from '../mcp/app-resources';

/** A tool's MCP App as `tools list` and `catalog --json` mark it: its ui:// URI and who may see the tool; null without one. */
export function uiMark(
  definition: ToolDefinition | undefined,
): { resourceUri: string; visibility: string[]; refused: string | null } | null {
  const ui = definition && toolAppUi(definition);
  if (!ui) return null;
  const check = appResourceOf(definition);
  return {
    resourceUri: ui.resourceUri,
    visibility: [...ui.visibility],
    refused: check && !check.ok ? check.message.text : null,
  };
}

/** The UI resource of the tool a run called (`tools call --json`): its URI and size, or why it would not render. */
export function appOfRun(definition: ToolDefinition | undefined) {
  const check = definition && appResourceOf(definition);
  if (!check) return null;
  return check.ok
    ? { uri: check.uri, size: check.size, sha256: check.sha256, mimeType: APP_MIME_TYPE }
    : { uri: check.uri, refused: check.message.text };
}
