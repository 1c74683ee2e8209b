// Build-time settings read through Vite's import.meta.env (WXT loads WXT_* variables).
interface ImportMetaEnv {
  /** The live gateway's base URL, baked into a release build; unset in the open-source build. */
  readonly WXT_LIVE_GATEWAY_URL?: string;
}

/** True only in the automation build (DOSSIER_E2E=1, see wxt.config.ts); false in releases. */
declare const __DOSSIER_AUTOMATION__: boolean;
