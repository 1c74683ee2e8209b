/**
 * Opening Dossier beside the page, where each browser has its own way: Chrome's side panel
 * (`sidePanel`, Chrome 116+) and Firefox's sidebar (`sidebarAction`). Both refuse to open
 * unless called straight from a click, so the caller learns its window id beforehand and
 * nothing is awaited before the call.
 */
export interface SidePanelApis {
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

export type SidePanelKind = 'sidePanel' | 'sidebar' | null;

export function sidePanelKind(apis: SidePanelApis): SidePanelKind {
  if (typeof apis.sidePanel?.open === 'function') return 'sidePanel';
  if (typeof apis.sidebarAction?.open === 'function') return 'sidebar';
  return null;
}

/** Starts opening the panel; null when this browser has neither (the popup then hides the button). */
export function openSidePanel(apis: SidePanelApis, windowId: number | undefined): Promise<void> | null {
  switch (sidePanelKind(apis)) {
    case 'sidePanel':
      return windowId === undefined ? null : apis.sidePanel!.open({ windowId });
    case 'sidebar':
      return apis.sidebarAction!.open();
    default:
      return null;
  }
}
