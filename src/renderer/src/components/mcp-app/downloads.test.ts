import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_DOWNLOAD_BYTES, saveDownloads } from './downloads';

/** What the operator was asked and what was refused; `answer` is the operator's reply to every question. */
function operator(answer: boolean) {
  const asked: string[] = [];
  const refused: string[] = [];
  return {
    asked,
    refused,
    ports: {
      ask: async (name: string) => (asked.push(name), answer),
      refuse: (what: string) => void refused.push(what),
    },
  };
}

let opened: string[];
let clicked: { download: string; href: string }[];
beforeEach(() => {
  opened = [];
  clicked = [];
  vi.spyOn(window, 'open').mockImplementation((url) => (opened.push(String(url)), null));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const link = (uri: string) => ({ type: 'resource_link', uri, name: 'file' });
const embedded = (uri: string, text: string) => ({ type: 'resource', resource: { uri, mimeType: 'text/csv', text } });

describe('ui/download-file', () => {
  it('opens an https: link only after the operator says yes', async () => {
    const yes = operator(true);
    expect(await saveDownloads([link('https://files.example.com/report.csv')], yes.ports)).toBe(true);
    expect(yes.asked).toEqual(['https://files.example.com/report.csv']);
    expect(opened).toEqual(['https://files.example.com/report.csv']);

    opened = [];
    const no = operator(false);
    expect(await saveDownloads([link('https://files.example.com/report.csv')], no.ports)).toBe(false);
    expect(no.asked).toHaveLength(1);
    expect(opened).toEqual([]);
  });

  it('allows http: on loopback only; refuses other schemes and remote http: without asking', async () => {
    const op = operator(true);
    const hostile = [
      'http://files.example.com/report.csv',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<script>x</script>',
      'ftp://example.com/a',
    ];
    expect(await saveDownloads([...hostile.map(link), link('http://127.0.0.1:8080/report.csv')], op.ports)).toBe(true);
    expect(op.refused).toEqual(hostile);
    expect(op.asked).toEqual(['http://127.0.0.1:8080/report.csv']);
    expect(opened).toEqual(['http://127.0.0.1:8080/report.csv']);
  });

  it('saves an embedded file under its cleaned name after a yes, and nothing after a no', async () => {
    const yes = operator(true);
    expect(await saveDownloads([embedded('ui://app/../q3 report.csv', 'a,b\n1,2')], yes.ports)).toBe(true);
    expect(yes.asked).toEqual(['q3 report.csv']);
    expect(clicked).toEqual([{ download: 'q3 report.csv', href: 'blob:test/1' }]);

    clicked = [];
    const no = operator(false);
    expect(await saveDownloads([embedded('ui://app/report.csv', 'a,b')], no.ports)).toBe(false);
    expect(clicked).toEqual([]);
  });

  it('refuses the whole request once its files pass the size cap, and what is neither link nor file', async () => {
    const op = operator(true);
    const half = 'x'.repeat(MAX_DOWNLOAD_BYTES / 2 + 1);
    expect(
      await saveDownloads(
        [
          { type: 'text', text: 'hi' },
          embedded('ui://app/a.csv', half),
          embedded('ui://app/b.csv', half),
          embedded('ui://app/c.csv', 'small'),
        ],
        op.ports,
      ),
    ).toBe(false);
    expect(op.refused).toEqual(['text', 'ui://app/b.csv']);
    // The first file was asked about and saved; the one over the cap and everything after it were not.
    expect(op.asked).toEqual(['a.csv']);
    expect(clicked.map((c) => c.download)).toEqual(['a.csv']);
  });

  it('reads at most ten entries of one request', async () => {
    const op = operator(false);
    await saveDownloads(
      Array.from({ length: 50 }, (_, n) => link(`https://example.com/${n}.csv`)),
      op.ports,
    );
    expect(op.asked).toHaveLength(10);
  });
});
