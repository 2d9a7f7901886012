export { ConnectionManager, type ConnectionsSnapshot, type ConnectionsListener } from './connection-manager';
export { ServerUnavailableError } from './server-connection';
export { createBuiltinServers, type BuiltinServers } from './builtin-servers';
export { normalizeServerUrl, expandEnvRefs, ServerConfigError } from './server-endpoint';
export type { ResolveBuiltin, TransportKind } from './transport-factory';
export type { ServerState, RemoteTool, CallToolOptions, ConnectionOptions } from './types';
