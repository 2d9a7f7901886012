import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/contract';
import { i18n } from '../../lib/i18n';
import { ListCacheFacts, ListCacheLine } from './ListCacheFacts';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const view = (over: Partial<ServerView>): ServerView =>
  ({ status: 'connected', refusedTools: [], toolsCache: null, ...over }) as ServerView;
const fetchedAt = '2026-12-05T01:00:00.000Z';

describe("a server's list caching hint and refused definitions on its detail", () => {
  it('a ttl and a scope are shown as the server gave them', () => {
    render(
      <dl>
        <ListCacheFacts
          server={view({
            toolsCache: { ttlMs: 60_000, cacheScope: 'public', fetchedAt, expiresAt: '2026-12-05T01:01:00.000Z' },
          })}
        />
      </dl>,
    );
    const fact = screen.getByTestId('tools-list-cache').textContent;
    expect(fact).toMatch(/fresh for 60 s \(ttlMs\), fetched again at/);
    expect(fact).toMatch(/cacheScope public/);
  });

  it('a list without ttlMs or cacheScope says it gave no hint; none is invented', () => {
    render(
      <dl>
        <ListCacheFacts server={view({ toolsCache: { ttlMs: null, cacheScope: null, fetchedAt, expiresAt: null } })} />
      </dl>,
    );
    expect(screen.getByTestId('tools-list-cache').textContent).toMatch(
      /^no caching hint: the server gave no ttlMs or cacheScope/,
    );
  });

  it('ttl 0 and a private scope, in Chinese; refused definitions with their reasons', async () => {
    await i18n.changeLanguage('zh-CN');
    render(
      <dl>
        <ListCacheFacts
          server={view({
            toolsCache: { ttlMs: 0, cacheScope: 'private', fetchedAt, expiresAt: null },
            refusedTools: [
              { index: 1, name: 'broken_annotation', reason: 'annotations.readOnlyHint: expected boolean' },
              { index: 4, name: null, reason: 'name: expected string' },
            ],
          })}
        />
      </dl>,
    );
    expect(screen.getByTestId('tools-list-cache').textContent).toMatch(/ttlMs 为 0：立即过期.*cacheScope 为 private/);
    const refused = screen.getByTestId('server-refused-tools').textContent;
    expect(refused).toContain('broken_annotation: annotations.readOnlyHint: expected boolean');
    expect(refused).toContain('#4（无名称）: name: expected string');
  });

  it('under a resources or prompts list: its hint, or that it gave none', () => {
    const { unmount } = render(<ListCacheLine cache={{ ttlMs: 30_000, cacheScope: 'private' }} />);
    expect(screen.getByTestId('list-cache-hint').textContent).toBe(
      'fresh for 30 s (ttlMs), then listed again · cacheScope private: only for this sign-in (never reused for another)',
    );
    unmount();
    render(<ListCacheLine cache={{ ttlMs: null, cacheScope: null }} />);
    expect(screen.getByTestId('list-cache-hint').textContent).toMatch(/^no caching hint/);
  });
});
