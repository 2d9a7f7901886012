import type { Result } from '../../shared/contract';

/** The channels the Electron adapter uses: one for requests, one for pushed events. */
export const IPC_REQUEST_CHANNEL = 'switchboard:request';
export const IPC_EVENT_CHANNEL = 'switchboard:event';

/** WebSocket frames: a request carries an id the response echoes; events have none. */
export interface WsRequestFrame {
  id: number;
  route: string;
  input?: unknown;
}
export interface WsResponseFrame {
  id: number;
  result: Result<unknown>;
}
export interface WsEventFrame {
  event: string;
  payload: unknown;
}
