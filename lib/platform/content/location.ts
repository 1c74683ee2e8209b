/**
 * Calls back after each same-page navigation of a single-page app. The Navigation API's
 * `navigate` event reaches the isolated world's listener without anything being dispatched
 * where the page could see it; where it is missing, the URL is polled once a second.
 */
export function watchLocation(onChange: () => void, signal: AbortSignal, win: Window & typeof globalThis = window): void {
  let last = win.location.href;
  const changed = () => {
    if (win.location.href === last) return;
    last = win.location.href;
    onChange();
  };
  const navigation = (win as { navigation?: EventTarget }).navigation;
  if (navigation && typeof navigation.addEventListener === 'function') {
    // `navigate` fires before the URL changes; `navigatesuccess` once it has.
    navigation.addEventListener('navigatesuccess', changed, { signal });
    navigation.addEventListener('navigate', () => win.setTimeout(changed, 0), { signal });
  } else {
    const timer = win.setInterval(changed, 1000);
    signal.addEventListener('abort', () => win.clearInterval(timer));
  }
}
