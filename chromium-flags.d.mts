// Types for chromium-flags.mjs (plain JavaScript so the benchmarks run under plain `node`).
export declare const CHROMIUM_PATH: string;
export declare const PLAYWRIGHT_DISABLED_FEATURES: readonly string[];
export declare const HIDDEN_BROWSER_UI_FEATURES: readonly string[];
export declare const CHROMIUM_FLAGS: readonly string[];
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };
