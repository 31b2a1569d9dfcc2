import clsx from 'clsx';

import { getLinkHref, navigateTo, shouldNavigateInApp, type LinkType } from '@abacus/navigation';
import type { LinkProps } from './types.js';

export type { LinkType };

/**
 * A link of the admin. wc-admin links navigate inside the app on a plain click (ctrl, meta, alt or
 * shift keep the browser's behaviour: new tab, window, download).
 */
export function Link({
	href,
	type = 'wc-admin',
	onClick,
	className,
	children,
	...props
}: LinkProps) {
	const address = getLinkHref(href, type);
	return (
		<a
			{...props}
			href={address}
			data-link-type={type}
			className={clsx('abacus-link', className)}
			onClick={(event) => {
				if (onClick && onClick(event) === false) {
					event.preventDefault();
					return;
				}
				if (event.defaultPrevented || event.button !== 0) return;
				if (!shouldNavigateInApp(type, event) || props.target === '_blank') return;
				event.preventDefault();
				navigateTo({ url: address });
			}}
		>
			{children}
		</a>
	);
}
