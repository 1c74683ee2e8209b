/**
 * Opening Dossier's toolbar menu (its popup) from the worker, for the in-page panel's frame in
 * Firefox: the frame gets no sidebarAction, and the worker may not open the sidebar for it
 * (sidebarAction.open wants a user action, which a message does not carry), but Firefox lets the
 * worker open the popup without one (seen in Firefox ESR 153; older versions and other browsers
 * may refuse). The popup's Open sidebar button, clicked there, opens the sidebar.
 */
export interface ToolbarActionApi {
  openPopup?(): Promise<void>;
}

/** Whether the menu opened: false where the browser has no way or refused (another panel open, no user action). */
export async function openToolbarMenu(action: ToolbarActionApi | undefined): Promise<boolean> {
  if (typeof action?.openPopup !== 'function') return false;
  try {
    await action.openPopup();
    return true;
  } catch {
    return false;
  }
}
