/** Types of chromium.js for the TypeScript tests. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
