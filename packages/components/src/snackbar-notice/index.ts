export {
	SnackbarNotice,
	SNACKBAR_LIFETIME,
	SNACKBAR_LIST_CLASS,
	getSnackbarList,
} from './snackbar-notice.js';
export type { SnackbarNoticeProps, SnackbarAction } from './snackbar-notice.js';
