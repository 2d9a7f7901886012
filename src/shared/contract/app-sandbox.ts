import { z } from 'zod';
import { query } from './define';

/**
 * Where this console renders MCP Apps: the sandbox proxy's URL on an origin of its own (the headless console's second
 * loopback server, or the desktop's custom scheme). Null when this entry has none (a test dispatch), and the console
 * then shows an app's tool result as text only.
 */
export const appSandboxSchema = z.object({
  origin: z.string().nullable(),
  proxyUrl: z.string().nullable(),
  /** The desktop: host the proxy in a `<webview>` on this session partition (its relay, not postMessage). */
  partition: z.string().nullable().optional(),
});
export type AppSandbox = z.infer<typeof appSandboxSchema>;

export const appSandboxRoutes = {
  'sandbox.proxy': query(z.strictObject({}).default({}), appSandboxSchema),
};
