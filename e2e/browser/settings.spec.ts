import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { expect, startHost, stopHost, test } from '../host';

const configFile = (dataDir: string) => join(dataDir, 'switchboard.yaml');

test('invalid YAML is refused with its line, and the file on disk stays as it was', async ({ page, host }) => {
  await page.goto(`${host.url}#/settings`);
  const editor = page.getByTestId('raw-yaml');
  await expect(editor).toHaveValue(/builtin: shop/);
  const before = await readFile(configFile(host.dataDir), 'utf8');

  // Broken YAML: an unclosed flow sequence on line 3.
  await editor.fill('agent:\n  model:\n    provider: [demo\n  maxSteps: 8\n');
  await page.getByRole('button', { name: 'Save YAML' }).click();
  const refusal = page.getByTestId('config-save-error');
  await expect(refusal).toContainText('Not saved');
  await expect(refusal).toContainText('the file on disk is unchanged');
  await expect(refusal.getByTestId('save-problems')).toContainText(/line \d+/);
  await expect(page.getByTestId('config-saved')).toHaveCount(0);
  expect(await readFile(configFile(host.dataDir), 'utf8')).toBe(before);

  // Valid YAML that fails validation: the problem names the field and its line.
  await editor.fill(before.replace('maxSteps: 8', 'maxSteps: lots'));
  await page.getByRole('button', { name: 'Save YAML' }).click();
  const line = before.split('\n').findIndex((l) => l.includes('maxSteps: 8')) + 1;
  await expect(refusal.getByTestId('save-problems')).toContainText(`line ${line}`);
  await expect(refusal.getByTestId('save-problems')).toContainText('agent.maxSteps');
  expect(await readFile(configFile(host.dataDir), 'utf8')).toBe(before);

  // Clicking the line selects it in the editor.
  await refusal.getByRole('button', { name: new RegExp(`^line ${line}`) }).click();
  await expect(editor).toBeFocused();
  expect(
    await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)),
  ).toContain('maxSteps: lots');
});

test('a YAML cascade: the first error leads with its line, the errors that follow from it are folded, the cursor goes there', async ({
  page,
  host,
}) => {
  await page.goto(`${host.url}#/settings`);
  const editor = page.getByTestId('raw-yaml');
  await expect(editor).toHaveValue(/builtin: shop/);
  // `args` indented less than its sibling keys (line 6): the parser then reports three more errors below it.
  await editor.fill(
    'agent:\n  mcp:\n    servers:\n      - name: a\n        command: npx\n      args: [x]\n      - name: b\n        url: http://127.0.0.1:9/mcp\n',
  );
  await page.getByRole('button', { name: 'Save YAML' }).click();
  const refusal = page.getByTestId('config-save-error');
  await expect(refusal).toContainText('The first problem is on line 6:');
  await expect(refusal.getByTestId('first-problem')).toContainText('line 6:1');
  await expect(refusal.getByTestId('first-problem')).toContainText('All mapping items must start at the same column');
  const cascade = refusal.getByTestId('problem-cascade');
  await expect(cascade.locator('summary')).toHaveText(/^3 more YAML errors, which may follow from line 6$/);
  await expect(cascade.locator('li').first()).toBeHidden(); // folded until asked for
  await expect(editor).toBeFocused();
  expect(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe(
    '      args: [x]',
  );
});

test('a valid edit is saved and applied', async ({ page, host }) => {
  await page.goto(`${host.url}#/settings`);
  const editor = page.getByTestId('raw-yaml');
  await expect(editor).toHaveValue(/maxSteps: 8/);
  await editor.fill((await editor.inputValue()).replace('maxSteps: 8', 'maxSteps: 5'));
  await editor.press('Control+s');
  await expect(page.getByTestId('config-saved')).toContainText('Saved and applied');
  expect(await readFile(configFile(host.dataDir), 'utf8')).toContain('maxSteps: 5');
  await expect(page.getByLabel('Max model calls per turn')).toHaveValue('5');
});

test('a change on disk during an edit keeps the edit and offers a reload', async ({ page, host }) => {
  await page.goto(`${host.url}#/settings`);
  const editor = page.getByTestId('raw-yaml');
  await expect(editor).toHaveValue(/maxSteps: 8/);
  const original = await editor.inputValue();
  await editor.fill(`${original}# my unsaved note\n`);

  await writeFile(configFile(host.dataDir), original.replace('maxSteps: 8', 'maxSteps: 7'));
  const notice = page.getByTestId('config-changed-notice');
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(editor).toHaveValue(/# my unsaved note/);
  await expect(page.getByRole('button', { name: 'Save YAML' })).toBeDisabled();

  await notice.getByRole('button', { name: /Show what changed/ }).click();
  await expect(notice.getByLabel(/Changes on disk/)).toContainText('+   maxSteps: 7');
  await notice.getByRole('button', { name: 'Reload from disk (discard my edits)' }).click();
  await expect(notice).toHaveCount(0);
  await expect(editor).toHaveValue(/maxSteps: 7/);
  await expect(editor).not.toHaveValue(/my unsaved note/);
});

test('the model form saves to the config, and the browser console says how to set an API key', async ({
  page,
  host,
}) => {
  await page.goto(`${host.url}#/settings`);
  await expect(page.getByTestId('model-in-use')).toHaveText('offline demo model');
  await page.getByLabel('Approval timeout (ms)').fill('90000');
  await page.getByRole('button', { name: 'Save model settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await readFile(configFile(host.dataDir), 'utf8')).toContain('approvalTimeoutMs: 90000');

  await page.getByLabel('Temperature').fill('9');
  await page.getByRole('button', { name: 'Save model settings' }).click();
  await expect(page.getByText('Between 0 and 2.')).toBeVisible();

  // The browser console stores no key: it says how to set one, with no field that could not save.
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await expect(page.getByTestId('api-key-env-help')).toContainText('reads the model’s key from the environment');
});

test('a large config with a literal token: the built host reads it in its worker, the editors show it masked, saves keep it', async ({
  page,
}) => {
  const token = 'tok_e2e_0123456789abcdefWXYZ';
  const dir = await mkdtemp(join(tmpdir(), 'sb-e2e-secrets-'));
  // Over 32 KiB: read, saved and edited in the config worker, which the build ships as out/main/config-worker.js.
  const padding = Array.from({ length: 400 }, (_, i) => ({
    name: `pad-${i}`,
    url: `http://127.0.0.1:9/pad-${i}/mcp`,
    enabled: false,
  }));
  const tracker = {
    name: 'tracker',
    url: 'http://127.0.0.1:9/mcp',
    enabled: false,
    headers: { Authorization: `Bearer ${token}` },
  };
  await writeFile(configFile(dir), stringify({ agent: { mcp: { servers: [tracker, ...padding] }, maxSteps: 8 } }));
  const host = await startHost(dir);
  try {
    await page.goto(`${host.url}#/settings`);
    const editor = page.getByTestId('raw-yaml');
    await expect(editor).toHaveValue(/Authorization: "Bearer ••••WXYZ"/);
    expect(await editor.inputValue()).not.toContain(token);
    await editor.fill((await editor.inputValue()).replace('maxSteps: 8', 'maxSteps: 5'));
    await page.getByRole('button', { name: 'Save YAML' }).click();
    await expect(page.getByTestId('config-saved')).toContainText('Saved and applied');
    let onDisk = await readFile(configFile(dir), 'utf8');
    expect(onDisk).toContain(`Authorization: Bearer ${token}`);
    expect(onDisk).toContain('maxSteps: 5');

    // The server form shows the mask and the note; saving another change keeps the literal.
    await page.goto(`${host.url}#/servers`);
    const card = page
      .getByTestId('server-card')
      .filter({ has: page.getByText('tracker', { exact: true }) })
      .first();
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('server-form');
    await expect(form.getByLabel('Value 1')).toHaveValue('Bearer ••••WXYZ');
    await expect(form.getByTestId('secret-note')).toContainText('${env:NAME}');
    await form.getByLabel('Timeout (ms)').fill('15000');
    await form.getByRole('button', { name: 'Save server' }).click();
    await expect(form).toHaveCount(0);
    onDisk = await readFile(configFile(dir), 'utf8');
    expect(onDisk).toContain(`Authorization: Bearer ${token}`);
    expect(onDisk).toContain('timeoutMs: 15000');
    expect(onDisk).not.toContain('••••');
    expect(host.stderr()).not.toContain('config worker unavailable');
  } finally {
    await stopHost(host);
  }
});

test('the theme switch: dark over a light system, kept across a reload and in preferences.json, and back to the system', async ({
  page,
  host,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${host.url}#/settings`);
  const background = () => page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  await expect.poll(background).toBe('rgb(247, 247, 248)');
  const choice = page.getByTestId('theme-setting').getByRole('combobox');
  await expect(choice).toHaveValue('system');
  await choice.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).toBe('rgb(21, 23, 27)');
  await expect
    .poll(async () => JSON.parse(await readFile(join(host.dataDir, 'preferences.json'), 'utf8')).theme)
    .toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).toBe('rgb(21, 23, 27)');
  await choice.selectOption('system');
  await expect.poll(background).toBe('rgb(247, 247, 248)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(21, 23, 27)');
});
