import clsx from 'clsx';
import { useState, type ReactNode } from 'react';

import { Spinner } from '@wordpress/components';

import './style.scss';

export interface WebPreviewProps {
	/** Address of the page to preview. Required. */
	src: string;
	/** Accessible title of the frame. Required. */
	title: string;
	/** Shown until the page has loaded. Default a spinner. */
	loadingContent?: ReactNode;
	/** Called when the page has loaded. */
	onLoad?: () => void;
	className?: string;
}

/** A page preview in an iframe, with a loading indicator until it has loaded. */
export function WebPreview({ src, title, loadingContent, onLoad, className }: WebPreviewProps) {
	const [isLoading, setIsLoading] = useState(true);
	return (
		<div className={clsx('abacus-web-preview', className, { 'is-loading': isLoading })}>
			{isLoading && (
				<div className="abacus-web-preview__loading" role="status">
					{loadingContent ?? <Spinner />}
				</div>
			)}
			<iframe
				className="abacus-web-preview__frame"
				src={src}
				title={title}
				onLoad={() => {
					setIsLoading(false);
					onLoad?.();
				}}
			/>
		</div>
	);
}
