export { SearchListControl, buildTermsTree, filterList } from './search-list-control.js';
export { SearchListItem } from './search-list-item.js';
export type {
	SearchListControlProps,
	SearchListItemData,
	SearchListItemProps,
	SearchListMessages,
	SearchListRenderItemArgs,
} from './types.js';
