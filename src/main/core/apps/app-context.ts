import type { ChatItem } from '../../../shared/contract';

/**
 * What MCP Apps gave for the model (ui/update-model-context) since the user's last message: the latest of each app,
 * appended to the next user message, marked as the app's and not the user's words. `ui/message` items are shown
 * only. Empty when there is none.
 */
export function appContextForModel(items: readonly ChatItem[]): string {
  let since = items.length;
  while (since > 0 && items[since - 1].kind !== 'user') since--;
  const latest = new Map<string, Extract<ChatItem, { kind: 'app' }>>();
  for (let i = since; i < items.length; i++) {
    const item = items[i];
    if (item.kind === 'app' && item.role === 'modelContext') latest.set(`${item.server}\u0000${item.appTool}`, item);
  }
  return [...latest.values()]
    .map(
      (item) =>
        `\n\n[Context from the MCP App of the tool "${item.appTool}" (server ${item.server}); the app's words, not the user's]\n${item.text}`,
    )
    .join('');
}
