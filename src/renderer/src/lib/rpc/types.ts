import type { EventName, RouteInput, RouteName, RouteOutput, RpcError } from '../../../../shared/contract';

/** `unauthorized`: the browser console's token is missing or not the one the host takes (no retry until it changes). */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'unauthorized';
export type EventListener = (name: EventName, payload: unknown) => void;

/** What the renderer knows of main: typed requests and pushed events, over IPC or WebSocket. */
export interface RpcClient {
  readonly mode: 'desktop' | 'browser';
  request<N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>>;
  on(listener: EventListener): () => void;
  connection(): ConnectionState;
  onConnectionChange(listener: (state: ConnectionState) => void): () => void;
}

/** A failed request, with the code main sent (errors travel as data). */
export class RpcClientError extends Error {
  readonly code: RpcError['code'];
  readonly details: unknown;
  /** The message as main's code and params, for the console to translate (`message` is the English). */
  readonly uiMessage: RpcError['uiMessage'];
  constructor(error: RpcError) {
    super(error.message);
    this.name = 'RpcClientError';
    this.code = error.code;
    this.details = error.details;
    this.uiMessage = error.uiMessage;
  }
}

/** The bridge the preload exposes in Electron: exactly these two functions. */
export interface PreloadApi {
  request(route: string, input: unknown): Promise<unknown>;
  on(listener: (name: string, payload: unknown) => void): () => void;
}
