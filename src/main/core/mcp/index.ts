export { ConnectionManager, type ConnectionsSnapshot, type ConnectionsListener } from './connection-manager';
export { ResourceBrowser, READ_DATA_CAP, type CompletionRef } from './resource-browser';
export { ServerSessions, endSession } from './server-sessions';
export {
  AuthorizationRequiredError,
  ServerUnavailableError,
  httpStatusOf,
  isRequestTimeout,
} from './connection-failures';
export { normalizeServerUrl, expandEnvRefs, ServerConfigError } from './server-endpoint';
export { CLIENT_CAPABILITY_NAMES, declaredCapabilities, type ClientCapabilityName } from './client-requests';
export { DEFAULT_MAX_TOTAL_TIMEOUT_MS } from './tool-call';
export type { BuiltinServers, ResolveBuiltin, TransportKind } from './transport-factory';
export type {
  ServerState,
  CallToolOptions,
  CallProgress,
  CallTask,
  OperatorWait,
  ConnectionOptions,
  ConnectionAuth,
  ConnectionAuthPort,
  AuthVerdict,
  ServerRequestContext,
  ServerRequestHandlers,
} from './types';
export { EraMemoryFile, PROTOCOL_ERAS_FILE_NAME, type EraMemory, type EraVerdict } from './era-memory';
