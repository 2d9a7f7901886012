import type { UiLanguageChoice } from '../../shared/contract/preferences';
import type { UiLanguage } from '../../shared/ui-languages';

/**
 * The words of the native boxes and menu items main shows itself (a failed start, a crashed or hung page, unsaved
 * edits, Copy Link), in each UI language. They show when the renderer (and its i18next) can't answer, or before it
 * exists, so main carries them. A failed start's error itself is shown as it was thrown (the log has the same words).
 */
export const DESKTOP_WORDS: Record<
  UiLanguage,
  {
    startup: { title: string; log: (path: string) => string; noLog: string };
    gone: { message: string; detail: (reason: string, exitCode: number) => string; reload: string; quit: string };
    unresponsive: { message: string; detail: string; wait: string; reload: string };
    unload: { title: string; message: string; detail: string; leave: string; stay: string };
    copyLink: string;
    menu: {
      file: string;
      edit: string;
      view: string;
      window: string;
      help: string;
      documentation: string;
      showLog: string;
    };
  }
> = {
  en: {
    startup: {
      title: 'Switchboard could not start',
      log: (path) => `The log has the details: ${path}`,
      noLog: 'No log file could be written.',
    },
    gone: {
      message: 'The Switchboard window stopped working.',
      detail: (reason, exitCode) =>
        `Its renderer process ended (${reason}, exit code ${exitCode}). Conversations, records and the configuration are kept by the app; reloading the window loses nothing saved.`,
      reload: 'Reload',
      quit: 'Quit',
    },
    unresponsive: {
      message: 'The Switchboard window is not responding.',
      detail: 'You can wait for it, or reload it. Reloading loses only unsaved edits in the window.',
      wait: 'Wait',
      reload: 'Reload',
    },
    unload: {
      title: 'Unsaved changes',
      message: 'You have unsaved changes to the intent tree.',
      detail: 'Leave and discard them, or stay and save them first.',
      leave: 'Leave',
      stay: 'Stay',
    },
    copyLink: 'Copy Link',
    menu: {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      window: 'Window',
      help: 'Help',
      documentation: 'Switchboard Documentation',
      showLog: 'Show Log File',
    },
  },
  'zh-CN': {
    startup: { title: 'Switchboard 无法启动', log: (path) => `详细信息见日志：${path}`, noLog: '无法写入日志文件。' },
    gone: {
      message: 'Switchboard 窗口停止工作了。',
      detail: (reason, exitCode) =>
        `窗口的渲染进程已结束（${reason}，退出码 ${exitCode}）。会话、执行记录和配置由应用保存；重新加载窗口不会丢失已保存的内容。`,
      reload: '重新加载',
      quit: '退出',
    },
    unresponsive: {
      message: 'Switchboard 窗口没有响应。',
      detail: '可以继续等待，或重新加载窗口。重新加载只会丢失窗口中未保存的编辑。',
      wait: '等待',
      reload: '重新加载',
    },
    unload: {
      title: '有未保存的更改',
      message: '意图树有未保存的更改。',
      detail: '离开将放弃这些更改；留下可以先保存。',
      leave: '离开',
      stay: '留下',
    },
    copyLink: '复制链接',
    menu: {
      file: '文件',
      edit: '编辑',
      view: '视图',
      window: '窗口',
      help: '帮助',
      documentation: 'Switchboard 文档',
      showLog: '显示日志文件',
    },
  },
};

/** The operator's choice in Settings when it names a language; otherwise (auto, or not loaded yet) the OS's. */
export function chosenLanguage(choice: UiLanguageChoice | undefined, system: () => UiLanguage): UiLanguage {
  return choice === 'en' || choice === 'zh-CN' ? choice : system();
}
