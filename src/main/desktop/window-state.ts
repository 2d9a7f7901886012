import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rectangle } from 'electron';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

/**
 * The window's size, position and maximized state, kept in <userData>/window-state.json and restored at start.
 * Written here rather than with electron-window-state: that package reads electron's `screen` when loaded, so it
 * can't be tested behind a port, and what it does is these few lines.
 */
const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean().default(false),
  fullScreen: z.boolean().default(false),
});
export type WindowState = z.infer<typeof stateSchema>;

export const windowStatePath = (userData: string): string => join(userData, 'window-state.json');

export async function loadWindowState(userData: string): Promise<WindowState | undefined> {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(await readFile(windowStatePath(userData), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bounds to open with: the saved ones when at least a title bar's worth of them is on a display that is still
 * there (a monitor unplugged since, a resolution change), otherwise none (the default size, centred).
 */
export function restorableBounds(state: WindowState | undefined, workAreas: Rectangle[]): Rectangle | undefined {
  if (!state) return undefined;
  const visible = workAreas.some(
    (area) =>
      overlap(state.x, state.width, area.x, area.width) >= 100 && overlap(state.y, 40, area.y, area.height) >= 20,
  );
  return visible ? { x: state.x, y: state.y, width: state.width, height: state.height } : undefined;
}

const overlap = (start: number, size: number, areaStart: number, areaSize: number) =>
  Math.max(0, Math.min(start + size, areaStart + areaSize) - Math.max(start, areaStart));

/** The slice of a BrowserWindow that saving the state needs. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isFullScreen(): boolean;
}

/** Saves the state after moves and resizes settle (debounced), and on close. Returns how to save at once. */
export function trackWindowState(
  window: TrackedWindow,
  userData: string,
  debounceMs = 500,
): { saveNow(): Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: WindowState | undefined;
  /** Writes in order, one after the other; saveNow resolves when the latest state is on disk. */
  let writing: Promise<void> = Promise.resolve();
  const snapshot = (): WindowState => ({
    ...window.getNormalBounds(),
    maximized: window.isMaximized(),
    fullScreen: window.isFullScreen(),
  });
  const saveNow = (): Promise<void> => {
    clearTimeout(timer);
    const state = snapshot();
    if (last && JSON.stringify(last) === JSON.stringify(state)) return writing;
    last = state;
    // Losing the state is harmless: the window opens at the default size.
    writing = writing.then(() =>
      writeFileAtomic(windowStatePath(userData), JSON.stringify(state)).catch(() => undefined),
    );
    return writing;
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void saveNow(), debounceMs);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    // Read while the window still exists; the write may finish after it is gone.
    void saveNow();
  });
  return { saveNow };
}
