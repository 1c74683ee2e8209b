import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, expect, test } from './extension';

/**
 * What the content scripts ship, read from the build: no code that could open a store, listen
 * to one, or hold a secret. A content script runs beside the page; whatever it can reach, a
 * confused or compromised one could hand over.
 */
test('the content scripts carry no storage or vault code and no React', () => {
  const dir = join(EXTENSION_DIR, 'content-scripts');
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  expect(files.sort()).toEqual(['network.js', 'scanner.js', 'webmail.js']);
  for (const name of files) {
    const code = readFileSync(join(dir, name), 'utf8');
    for (const forbidden of ['indexedDB', 'storage.local', 'storage.session', 'storage.sync', 'onChanged', 'dossier-vault', 'BroadcastChannel', 'apiKey', 'react.transitional.element', 'react-dom']) {
      expect(code.includes(forbidden), `${name} contains ${forbidden}`).toBe(false);
    }
  }
});
