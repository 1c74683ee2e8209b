import { describe, expect, it, vi } from 'vitest';
import { openSidePanel, sidePanelKind } from '@/lib/panel/page/side-panel';

describe('opening the side panel', () => {
  it("uses Chrome's side panel in the popup's window", () => {
    const open = vi.fn(async () => {});
    expect(sidePanelKind({ sidePanel: { open } })).toBe('sidePanel');
    expect(openSidePanel({ sidePanel: { open } }, 7)).toBeInstanceOf(Promise);
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
  });

  it("falls back to Firefox's sidebar, which has no side panel API", () => {
    const open = vi.fn(async () => {});
    expect(sidePanelKind({ sidebarAction: { open } })).toBe('sidebar');
    openSidePanel({ sidebarAction: { open } }, undefined);
    expect(open).toHaveBeenCalledOnce();
  });

  it('prefers the side panel when a browser has both', () => {
    const panel = vi.fn(async () => {});
    const sidebar = vi.fn(async () => {});
    openSidePanel({ sidePanel: { open: panel }, sidebarAction: { open: sidebar } }, 1);
    expect(panel).toHaveBeenCalled();
    expect(sidebar).not.toHaveBeenCalled();
  });

  it('answers null where neither exists, or before the window is known', () => {
    expect(sidePanelKind({})).toBeNull();
    expect(openSidePanel({}, 1)).toBeNull();
    const open = vi.fn(async () => {});
    expect(openSidePanel({ sidePanel: { open } }, undefined)).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
