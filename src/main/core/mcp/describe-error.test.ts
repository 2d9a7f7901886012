import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('says an MCP error code once, though the SDK client prefixes the prefixed message the SDK server sent', () => {
    // What the SDK's client builds from a server's McpError: its message already carries the prefix.
    const received = new ProtocolError(ProtocolErrorCode.InvalidParams, new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid arguments for prompt args-prompt').message);
    expect(received.message).toBe('MCP error -32602: MCP error -32602: Invalid arguments for prompt args-prompt');
    expect(describeError(received)).toBe('MCP error -32602: Invalid arguments for prompt args-prompt');
    expect(describeError(new ProtocolError(ProtocolErrorCode.InternalError, 'boom'))).toBe('MCP error -32603: boom');
  });
});
