export { ConnectionManager, type ConnectionsSnapshot, type ConnectionsListener } from './connection-manager';
export { AuthorizationRequiredError, ServerUnavailableError } from './server-connection';
export { normalizeServerUrl, expandEnvRefs, ServerConfigError } from './server-endpoint';
export type { BuiltinServers, ResolveBuiltin, TransportKind } from './transport-factory';
export type { ServerState, CallToolOptions, ConnectionOptions, ConnectionAuth, ConnectionAuthPort, AuthVerdict } from './types';
