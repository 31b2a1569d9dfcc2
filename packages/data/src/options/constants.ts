/** Name of the options store. */
export const STORE_NAME = 'abacus/options';

/** Option reads asked for within this many milliseconds go out as one request. */
export const BATCH_WINDOW_MS = 1;
