/**
 * Installed in the page before the console's own scripts (page.addInitScript): a long-task observer and
 * frame timing helpers, reached from the bench as window.__bench. Plain JavaScript in a string, so the
 * bench's Node-only TypeScript config needs no DOM types.
 */
export const PAGE_PROBES = String.raw`
(() => {
  const longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const stats = (deltas) => {
    const s = [...deltas].sort((a, b) => a - b);
    const at = (p) => s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(p / 100 * s.length) - 1))] : NaN;
    return { frames: s.length, p50: at(50), p95: at(95), max: s.length ? s[s.length - 1] : NaN };
  };
  async function frameDeltas(count, each) {
    const deltas = [];
    let last = await frame();
    for (let i = 0; i < count; i++) {
      if (each) each(i);
      const now = await frame();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  }
  let recording;
  window.__bench = {
    idle: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    /** Resolves true once check() holds, false after timeoutMs; polled by timer, since the CSP forbids Playwright's string predicates. */
    until(check, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      return new Promise((resolve) => {
        const poll = () => (check() ? resolve(true) : performance.now() > deadline ? resolve(false) : setTimeout(poll, 50));
        poll();
      });
    },
    /** The conversation on screen is not previousId and its composer takes input. */
    conversationReplaced(previousId) {
      const shown = document.querySelector('[data-testid="conversation"]');
      return !!shown && shown.dataset.conversationId !== previousId && !!shown.querySelector('textarea:not([disabled])');
    },
    shownConversation: () => document.querySelector('[data-testid="conversation"]')?.dataset.conversationId ?? null,
    /** The turn ended: it says how it ended, or its answer is in and nothing streams and Stop is gone. */
    turnSettled() {
      if (document.querySelector('.turn-end')) return true;
      return !!document.querySelector('[data-testid="assistant-message"]') && !document.querySelector('[data-testid="assistant-message"][aria-busy="true"]')
        && ![...document.querySelectorAll('.conversation button')].some((b) => b.textContent === 'Stop');
    },
    clickNav(label) {
      const button = [...document.querySelectorAll('nav[aria-label="Main"] button')].find((b) => b.textContent.trim().startsWith(label));
      if (!button) throw new Error('no navigation button ' + label);
      button.click();
    },
    /** ms from running action() to the first animation frame after selector matches. */
    timeToFirst(action, selector) {
      return new Promise((resolve) => {
        const started = performance.now();
        let done = false;
        const check = () => {
          if (done || !document.querySelector(selector)) return;
          done = true;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true });
        action();
        check();
      });
    },
    async scrollFrames(selector, count) {
      const el = document.querySelector(selector);
      if (!el) throw new Error('nothing to scroll: ' + selector);
      const idle = stats(await frameDeltas(count));
      const before = longTasks.length;
      const step = Math.max(1, Math.round(el.clientHeight / 6));
      const scrolled = stats(await frameDeltas(count, () => { el.scrollTop += step; }));
      return { ...scrolled, idleP50: idle.p50, idleP95: idle.p95, idleMax: idle.max, longTasks: longTasks.length - before };
    },
    startRecording() {
      const state = { deltas: [], stop: false, longFrom: longTasks.length, at: performance.now() };
      recording = state;
      (async () => {
        let last = await frame();
        while (!state.stop) {
          const now = await frame();
          state.deltas.push(now - last);
          last = now;
        }
      })();
    },
    stopRecording() {
      const state = recording;
      state.stop = true;
      const tasks = longTasks.slice(state.longFrom);
      return { ...stats(state.deltas), longTasks: tasks.map((t) => t.duration), longTaskStarts: tasks.map((t) => t.start - state.at), recordedMs: performance.now() - state.at };
    },
  };
})();
`;
