import clsx from 'clsx';
import { useEffect, useRef } from 'react';

import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import './style.scss';

export interface ImageAttachment {
	id?: number;
	url: string;
	alt?: string;
}

export interface ImageUploadProps {
	/** The chosen image. */
	image?: ImageAttachment | null;
	/** Called with the chosen attachment, or null when removed. */
	onChange?: (image: ImageAttachment | null) => void;
	className?: string;
}

interface MediaFrame {
	on(event: 'select', callback: () => void): void;
	open(): void;
	state(): { get(name: 'selection'): { first(): { toJSON(): ImageAttachment } } };
}

type MediaFactory = (options: {
	title: string;
	library: { type: string };
	multiple: boolean;
	button: { text: string };
}) => MediaFrame;

function getMediaFactory(): MediaFactory | undefined {
	const wp = (window as unknown as { wp?: { media?: MediaFactory } }).wp;
	return wp?.media;
}

/** Picks an image with WordPress's media library (wp.media); explains itself where that is absent. */
export function ImageUpload({ image, onChange, className }: ImageUploadProps) {
	const frame = useRef<MediaFrame | null>(null);
	const media = getMediaFactory();
	const onChangeRef = useRef(onChange);
	useEffect(() => {
		onChangeRef.current = onChange;
	}, [onChange]);

	const open = () => {
		if (!media) return;
		if (!frame.current) {
			frame.current = media({
				title: __('Select or upload image', 'abacus'),
				library: { type: 'image' },
				multiple: false,
				button: { text: __('Select', 'abacus') },
			});
			frame.current.on('select', () => {
				const attachment = frame.current?.state().get('selection').first().toJSON();
				if (attachment) onChangeRef.current?.(attachment);
			});
		}
		frame.current.open();
	};

	return (
		<div className={clsx('abacus-image-upload', className)}>
			{image?.url ? (
				<div className="abacus-image-upload__image">
					<img src={image.url} alt={image.alt ?? ''} />
					<Button variant="link" isDestructive onClick={() => onChange?.(null)}>
						{__('Remove image', 'abacus')}
					</Button>
				</div>
			) : (
				<Button variant="secondary" onClick={open} disabled={!media} accessibleWhenDisabled>
					{__('Add an image', 'abacus')}
				</Button>
			)}
			{!media && !image?.url && (
				<p className="abacus-image-upload__help">
					{__('The media library is only available inside WordPress.', 'abacus')}
				</p>
			)}
		</div>
	);
}
