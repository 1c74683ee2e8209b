import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { MICROBLOG_MATCHES, NETWORK_MATCHES } from './lib/platform/site-hosts';
import { WEBMAIL_MATCHES } from './lib/webmail/hosts';
import { pageShell } from './scripts/build/page-shell';

// The automation build (DOSSIER_E2E=1), used by the e2e suites and the `npm start` tour:
// automation cannot answer Chromium's optional-permission prompt, so its Chromium build declares
// up front the hosts the product otherwise asks for at the moment the user turns a feature on
// (Firefox has a preference that grants the prompt, so its build asks as a release does: the
// Firefox suite clicks the switch); and it cannot click a browser context menu, so its worker
// exposes the menu's click handler (entrypoints/background.ts); and its tests need a known set of
// tabs, so the install opens no welcome page (lib/worker/welcome.ts). A release build has none
// of these.
const e2eBuild = process.env.DOSSIER_E2E === '1';

/** This computer, where the sandbox and the CRM emulators listen. */
const THIS_COMPUTER = ['http://127.0.0.1/*', 'http://localhost/*'];

/** The key only where there are hosts: a store manifest has none to declare. */
const hostPermissions = (hosts: string[]) => (hosts.length ? { host_permissions: hosts } : {});

// Firefox needs a stable add-on id for storage and signing. 142 is the first release (desktop and
// Android) that reads data_collection_permissions; it also grants an MV3 add-on's host permissions
// at install. Declared data collection: a lookup sends the looked-up person's profile URL,
// email or phone (read from the page) to the enrichment gateway, and a push sends the enriched
// contact to the user's CRM.
const firefoxSettings = {
  browser_specific_settings: {
    gecko: {
      id: 'dossier@dossier.example',
      strict_min_version: '142.0',
      data_collection_permissions: { required: ['personallyIdentifyingInfo', 'websiteContent'] },
    },
  },
};

export default defineConfig({
  // One code base, MV3 everywhere: Firefox's MV3 has action, scripting and optional host
  // permissions as Chrome does, where its MV2 would need a second path through the code.
  manifestVersion: 3,
  vite: () => ({
    // Each page's HTML holds only its own head; the shell they share is added here.
    plugins: [pageShell()],
    define: { __DOSSIER_AUTOMATION__: JSON.stringify(e2eBuild) },
    // Chunks under 8 KB are merged where Rollup finds them loaded together: a page before its
    // first paint fetched about 20 files of 1 KB, each a request it waited on (scripts/budgets/pages.ts).
    build: { rollupOptions: { output: { experimentalMinChunkSize: 8000 } } },
    // WXT's content-script context announces every content script to the page (a postMessage
    // and a CustomEvent naming the extension): ours says nothing. See lib/platform/content/quiet-context.ts.
    resolve: {
      alias: [{ find: /^wxt\/utils\/content-script-context$/, replacement: fileURLToPath(new URL('./lib/platform/content/quiet-context.ts', import.meta.url)) }],
    },
  }),
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  hooks: {
    // entrypoints/blank is an empty extension page, the floor the benches measure the popup and
    // the other pages against (scripts/bench): only the automation build carries it.
    'entrypoints:found': (_wxt, infos) => {
      if (e2eBuild) return;
      const blank = infos.findIndex((info) => info.name === 'blank');
      if (blank >= 0) infos.splice(blank, 1);
    },
  },
  // A separate folder, so a test build can never be mistaken for (or zipped as) a release.
  outDir: e2eBuild ? '.output-e2e' : '.output',
  manifest: ({ browser, command }) => ({
    // In the browser's language, from public/_locales/<lang>/messages.json (the interface itself
    // follows the language chosen in Dossier's settings, lib/platform/i18n).
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // identity: the OAuth login window of Salesforce and Zoho (launchWebAuthFlow).
    // clipboardWrite: Copy from the in-page panel, whose own frame the host page's permissions policy
    // may refuse the clipboard, goes through the extension (lib/clipboard/worker/clipboard.ts), which
    // writes without a click of its own; offscreen: where Chromium's worker, having no document,
    // writes it (Firefox's background page writes itself). declarativeNetRequestWithHostAccess
    // (Chromium; no install warning, acts only on hosts already granted): closes each gateway
    // connection after its answer, so that Chromium never sends a paid request twice by itself
    // (lib/worker/fresh-connections.ts).
    permissions: [
      'storage',
      'unlimitedStorage',
      'alarms',
      'contextMenus',
      'notifications',
      'scripting',
      'identity',
      'clipboardWrite',
      ...(browser === 'firefox' ? [] : ['offscreen', 'declarativeNetRequestWithHostAccess']),
    ],
    // This computer's hosts (the sandbox, the CRM emulators) only where developers and tests run:
    // `wxt` (serve) and the automation build. A store build declares none, and asks for the
    // sandbox's host where the user chooses the sandbox (lib/settings/permissions.ts).
    ...hostPermissions([...(e2eBuild || command === 'serve' ? THIS_COMPUTER : []), ...(e2eBuild && browser !== 'firefox' ? ['<all_urls>'] : [])]),
    // Asked for at the moment a feature needs it: the sandbox or a custom gateway, a CRM, all-sites detection.
    optional_host_permissions: ['<all_urls>'],
    // The panel's frame: only the network's pages (and the web mail clients', where the user turned
    // web mail on and opens it from the launcher) may load it, and only at the per-session
    // dynamic URL that runtime.getURL gives the content script, so that no page can probe
    // chrome-extension://<id>/ for Dossier's files. Its scripts and styles load from the
    // extension page itself and need not be listed.
    web_accessible_resources: [
      { resources: ['panel-frame.html'], matches: [...NETWORK_MATCHES, ...MICROBLOG_MATCHES, ...WEBMAIL_MATCHES], use_dynamic_url: true },
    ],
    commands: {
      'enrich-profile': {
        suggested_key: { default: 'Alt+Shift+E' },
        description: '__MSG_commandEnrichProfile__',
      },
    },
    ...(browser === 'firefox' ? firefoxSettings : {}),
  }),
});
