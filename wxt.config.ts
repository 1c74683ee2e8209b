import { defineConfig } from 'wxt';

// The e2e suite cannot answer an optional-permission prompt, so a test build
// (DOSSIER_E2E=1) declares up front the hosts the product otherwise asks for
// at the moment the user turns a feature on.
const e2eBuild = process.env.DOSSIER_E2E === '1';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // A separate folder, so a test build can never be mistaken for (or zipped as) a release.
  outDir: e2eBuild ? '.output-e2e' : '.output',
  manifest: {
    name: 'Dossier',
    description: 'Enrich people and companies while you browse, and put them in your CRM.',
    permissions: ['storage', 'unlimitedStorage', 'alarms', 'contextMenus', 'notifications', 'scripting'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', ...(e2eBuild ? ['<all_urls>'] : [])],
    // Asked for at the moment a feature needs it: a custom gateway, a CRM, all-sites detection.
    optional_host_permissions: ['<all_urls>'],
    commands: {
      'enrich-profile': {
        suggested_key: { default: 'Alt+Shift+E' },
        description: 'Enrich the profile in the current tab',
      },
    },
  },
});
