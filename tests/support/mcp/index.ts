export {
  startFixtureServer,
  type FixtureCallExtra,
  type FixtureServer,
  type FixtureServerOptions,
  type FixtureTool,
} from './fixture-mcp-server';
export { refusedPort, startSilentSocket } from './dead-peers';
export { waitFor } from '../wait-for';
export { EVERYTHING_SERVER, MEDIA_FIXTURE, processAlive, STDIO_FIXTURE } from './stdio-peers';
export {
  startOAuthMcpServer,
  visitAuthorizationPage,
  type OAuthMcpServer,
  type OAuthMcpServerOptions,
} from './oauth-mcp-server';
export { eraStdioCommand, startEraServer, type EraMode, type EraServer, type EraServerOptions } from './era-peers';
