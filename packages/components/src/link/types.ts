import type { AnchorHTMLAttributes, MouseEvent } from 'react';

import type { LinkType } from '@abacus/navigation';

export interface LinkProps extends Omit<
	AnchorHTMLAttributes<HTMLAnchorElement>,
	'type' | 'onClick'
> {
	/** Where it goes: an app route for 'wc-admin', an admin path for 'wp-admin', a URL for 'external'. Required. */
	href: string;
	/** Link type. Default 'wc-admin'. */
	type?: LinkType;
	/** Called on click; returning false cancels the navigation. */
	onClick?: (event: MouseEvent<HTMLAnchorElement>) => unknown;
}
export type { LinkType };
