import { MessageChannel } from 'node:worker_threads';
import { afterEach } from 'vitest';
import { createThreadLink, type ThreadLink } from '../../src/main/core-thread/thread-link';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** Two ends of a real message channel (structured clone, as between threads): [main's, the core thread's]. */
export function linkedPair(): [ThreadLink, ThreadLink] {
  const channel = new MessageChannel();
  channels.push(channel);
  return [createThreadLink(channel.port1), createThreadLink(channel.port2)];
}
