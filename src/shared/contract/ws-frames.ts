import type { Result } from './result';

/** WebSocket frames between the browser console and the headless host: a request carries an id the response echoes; events have none. */
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
