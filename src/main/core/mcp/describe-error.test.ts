import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { describeError, httpStatusOf } from './describe-error';
import { isRequestTimeout } from './connection-failures';

describe('describeError', () => {
  it('says an MCP error code once: v2 errors carry the bare message, a v1 server sends it prefixed (a v1 client prefixed it again)', () => {
    expect(
      describeError(
        new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          'MCP error -32602: Invalid arguments for prompt args-prompt',
        ),
      ),
    ).toBe('MCP error -32602: Invalid arguments for prompt args-prompt');
    expect(describeError(new Error('MCP error -32602: MCP error -32602: Invalid arguments'))).toBe(
      'MCP error -32602: Invalid arguments',
    );
    expect(describeError(new ProtocolError(ProtocolErrorCode.InternalError, 'boom'))).toBe('MCP error -32603: boom');
  });

  it('reads the HTTP status of a v2 SdkHttpError from `status` (its `code` names the SDK error), and says it', () => {
    const error = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint', {
      status: 404,
      statusText: 'Not Found',
    });
    expect(httpStatusOf(error)).toBe(404);
    expect(describeError(error)).toBe('HTTP 404: Error POSTing to endpoint');
    expect(httpStatusOf(new ProtocolError(ProtocolErrorCode.InternalError, 'boom'))).toBeUndefined();
  });

  it('knows a v2 timeout (SdkError REQUEST_TIMEOUT) and a server’s -32001 as timeouts', () => {
    expect(isRequestTimeout(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))).toBe(true);
    expect(isRequestTimeout(new ProtocolError(-32001, 'Request timed out'))).toBe(true);
    expect(isRequestTimeout(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'))).toBe(false);
  });

  it('follows causes down the chain: the SDK’s auto probe wraps fetch’s error, which hides the socket’s', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4100'), { code: 'ECONNREFUSED' });
    const fetchFailed = new TypeError('fetch failed', { cause: socket });
    const probe = new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation probe failed: fetch failed', {});
    Object.defineProperty(probe, 'cause', { value: fetchFailed });
    expect(describeError(probe)).toBe(
      'Version negotiation probe failed: fetch failed: connect ECONNREFUSED 127.0.0.1:4100',
    );
    expect(describeError(fetchFailed)).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:4100');
    const loop = new Error('a');
    Object.defineProperty(loop, 'cause', { value: loop });
    expect(describeError(loop)).toBe('a');
  });
});
