// Types for chromium.mjs, which the browser tests import for the browsers' paths.
export declare const CHROMIUM_PATH: string;
export declare const HEADLESS_SHELL_PATH: string;
export declare function ensureChromium(): void;
