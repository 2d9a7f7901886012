import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../tests/support/mcp/oauth-mcp-server';
import { expect, startHost, stopHost, test, type Host } from '../host';
import { gotoPage } from './pipeline-helpers';

/**
 * The Servers page's Sign-in flow in the headless console, against a real OAuth-protected MCP server
 * (the SDK's server-side auth): Sign in opens a new tab on the authorization page, which redirects to
 * main's loopback listener; the card then shows the server connected with its authorization server,
 * granted scopes and expiry; Sign out puts it back to needs-auth. An authorization server's refusal is
 * shown as it said it.
 */
const card = (page: Page) => page.locator('[data-testid="server-card"][data-server="tracker"]');

const oauthTest = test.extend<{ oauth: OAuthMcpServer; oauthHost: Host }>({
  oauth: async ({}, use) => {
    const server = await startOAuthMcpServer({ scopesSupported: ['tickets:read'] });
    await use(server);
    await server.close();
  },
  oauthHost: async ({ oauth }, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-e2e-oauth-'));
    await writeFile(
      join(dir, 'switchboard.yaml'),
      `agent:\n  mcp:\n    servers:\n      - name: tracker\n        url: ${oauth.url}\n`,
    );
    const host = await startHost(dir);
    await use(host);
    await stopHost(host);
  },
});

oauthTest(
  'Sign in through a new tab and the loopback redirect, see scopes and expiry, then Sign out',
  async ({ page, oauthHost, oauth }) => {
    await gotoPage(page, oauthHost, 'servers');
    await expect(card(page)).toHaveAttribute('data-status', 'needs-auth');
    await expect(card(page).getByTestId('server-needs-auth')).toContainText(`sign-in required at ${oauth.issuer}`);
    expect(oauth.counts.authorizations).toBe(0);

    const popup = page.waitForEvent('popup');
    await card(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    const tab = await popup;
    // The authorization page approves at once and redirects to main's listener on 127.0.0.1.
    await expect(tab.getByRole('heading', { name: 'Signed in to tracker' })).toBeVisible();
    expect(new URL(tab.url()).hostname).toBe('127.0.0.1');
    expect(new URL(tab.url()).pathname).toBe('/callback');
    expect(await tab.evaluate(() => window.opener)).toBeNull();

    await expect(card(page)).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
    await expect(card(page).getByTestId('server-auth-state')).toHaveText('signed in');
    await expect(card(page).getByTestId('server-auth-issuer')).toHaveText(oauth.issuer);
    await expect(card(page).getByTestId('server-auth-scopes')).toHaveText('tickets:read');
    await expect(card(page).getByTestId('server-auth-expiry')).not.toBeEmpty();
    await expect(card(page).getByTestId('server-tool-count')).toContainText('2 offered');
    expect(oauth.counts).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });

    await card(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(card(page)).toHaveAttribute('data-status', 'needs-auth', { timeout: 20_000 });
    await expect(card(page).getByTestId('server-auth-state')).toHaveText('not signed in');
    await expect(card(page).getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  },
);

oauthTest(
  'an authorization server that refuses: its error and description are shown as they are',
  async ({ page, oauthHost, oauth }) => {
    oauth.authorizeAnswer = { error: 'access_denied', description: 'The administrator has not approved Switchboard' };
    await gotoPage(page, oauthHost, 'servers');
    await expect(card(page)).toHaveAttribute('data-status', 'needs-auth');
    const popup = page.waitForEvent('popup');
    await card(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    const tab = await popup;
    await expect(tab.getByRole('heading', { name: 'Sign-in to tracker failed' })).toBeVisible();
    await expect(card(page).getByTestId('server-auth-error')).toHaveText(
      'the authorization server answered: access_denied: The administrator has not approved Switchboard',
    );
    await expect(card(page)).toHaveAttribute('data-status', 'needs-auth');
    expect(oauth.counts.codeExchanges).toBe(0);
  },
);
