export { SnackbarNotice, SNACKBAR_LIFETIME } from './snackbar-notice.js';
export type { SnackbarNoticeProps, SnackbarAction } from './snackbar-notice.js';
