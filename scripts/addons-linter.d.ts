// addons-linter ships no types; this is the part of its documented API scripts/lint-firefox.ts uses.
declare module 'addons-linter' {
  interface LinterInstance {
    run(): Promise<unknown>;
  }
  const linter: { createInstance(options: { config: Record<string, unknown>; runAsBinary: boolean }): LinterInstance };
  export default linter;
}
