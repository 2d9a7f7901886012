import { join } from 'node:path';
import { WebSocket } from 'ws';
import { expect, test } from '../host';

test('the console opens on Settings with the real config path', async ({ page, host }) => {
  await page.goto(`${host.url}#/settings`);
  await expect(page.getByTestId('mode')).toHaveText('Browser mode');
  await expect(page.getByTestId('connection')).toHaveText('connected');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('config-path')).toHaveText(join(host.dataDir, 'switchboard.yaml'));
  await expect(page.getByTestId('data-dir')).toHaveText(host.dataDir);
  await expect(page.getByTestId('raw-yaml')).toContainText('builtin: shop');
  for (const label of ['Servers', 'Intent tree', 'Tools', 'Skills', 'Chat', 'Requests', 'Records', 'Settings'])
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(`^${label}`) }),
    ).toBeVisible();
});

test('a page served with a wrong token cannot reach main, and says so', async ({ page, host }) => {
  await page.goto(`http://127.0.0.1:${host.port}/?token=wrong#/settings`);
  await expect(page.getByTestId('token-required')).toBeVisible();
  await expect(page.getByTestId('config-path')).toHaveCount(0);
});

test('the host refuses a bad token and a foreign Origin', async ({ host }) => {
  const status = (url: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(url, { headers });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('error', () => resolve(-1));
    });
  const base = `ws://127.0.0.1:${host.port}/rpc`;
  expect(await status(`${base}?token=bad`)).toBe(401);
  expect(await status(`${base}?token=${host.token}`, { Origin: 'https://evil.example' })).toBe(403);
  expect(await status(`${base}?token=${host.token}`, { Origin: `http://127.0.0.1:${host.port}` })).toBe(101);
});
