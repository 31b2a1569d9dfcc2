import clsx from 'clsx';

import { __ } from '@wordpress/i18n';

import './style.scss';
import type { SpinnerProps } from './types.js';

/** A round SVG spinner announced as 'Loading'. */
export function Spinner({ className }: SpinnerProps) {
	return (
		<span className={clsx('abacus-spinner', className)} role="status">
			<svg
				className="abacus-spinner__image"
				width="40"
				height="40"
				viewBox="0 0 100 100"
				aria-hidden="true"
			>
				<circle className="abacus-spinner__border" cx="50" cy="50" r="45" />
				<circle className="abacus-spinner__inner" cx="50" cy="50" r="45" />
			</svg>
			<span className="screen-reader-text">{__('Loading', 'abacus')}</span>
		</span>
	);
}
