import { themeOf } from '@/lib/settings/theme-choice';
import { readTheme, themeItem } from '@/lib/settings/theme';
import { themeMirrorItem } from '@/lib/settings/theme-mirror';

/**
 * Keeps the panel's frame's copy of the theme (it cannot read the vault): written at every start
 * and on every change. A frame placed before the first write shows the system's theme until then.
 */
export function startWorkerTheme(): void {
  let changed = false;
  const copy = (choice: unknown) => void themeMirrorItem.setValue(themeOf(choice)).catch(() => {});
  themeItem.watch((choice) => {
    changed = true;
    copy(choice);
  });
  // A change saved while the first read was on its way is newer than what that read returns.
  void readTheme().then((choice) => changed || copy(choice), () => {});
}
