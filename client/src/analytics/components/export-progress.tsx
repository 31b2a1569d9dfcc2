/**
 * Progress of a report export the server builds (a report larger than the table's page): polls
 * the export status, shows a progress bar with the rows written, offers Cancel, and when the file
 * is ready hands it to the browser as a download (and keeps a Download link for another copy).
 * Where the status cannot be read (a site whose server only mails the file), it says the file
 * will be e-mailed.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Notice } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { exportStore } from '@abacus/data';

import './export-progress.scss';

/** How often the status is read while the file is built. */
export const EXPORT_POLL_INTERVAL = 1000;

interface ExportStatus {
	percent_complete: number;
	download_url?: string;
	rows_exported?: number;
	total_rows?: number;
}

interface Props {
	/** Report type (`orders`, `products` …). */
	type: string;
	/** Report title shown to the user. */
	title: string;
	exportId: string;
	/** Starts the same export again (after a failure). */
	onRetry: () => void;
	/** The panel is closed (after cancel, or dismissed when done). */
	onClose: () => void;
	/** Formats a count with the store's number format. */
	formatNumber: (value: number) => string;
}

type Phase =
	| { kind: 'building'; status: ExportStatus | null }
	| { kind: 'ready'; url: string; rows?: number }
	| { kind: 'emailed' }
	| { kind: 'failed'; message: string }
	| { kind: 'cancelling' };

function restNonce(): string {
	const settings = (window as unknown as { abacusSettings?: { restNonce?: string } })
		.abacusSettings;
	return settings?.restNonce ?? '';
}

/**
 * The address the browser downloads from: the server's own API address carries the REST nonce
 * (a link cannot send headers); another address (a WordPress admin URL) relies on the cookie.
 */
export function downloadHref(url: string, nonce: string): string {
	if (!url.startsWith('/wp-json/') || !nonce) {
		return url;
	}
	return `${url}${url.includes('?') ? '&' : '?'}_wpnonce=${encodeURIComponent(nonce)}`;
}

/** The site has no export status route: its server only mails the file. */
function isNotFound(error: unknown): boolean {
	return (error as { code?: string } | null)?.code === 'rest_no_route';
}

export function ExportProgress({ type, title, exportId, onRetry, onClose, formatNumber }: Props) {
	const { getExportStatus, cancelExport } = useDispatch(exportStore);
	const [phase, setPhase] = useState<Phase>({ kind: 'building', status: null });
	const link = useRef<HTMLAnchorElement | null>(null);
	const downloaded = useRef(false);

	useEffect(() => {
		let stopped = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		async function poll() {
			try {
				const status = (await getExportStatus(type, exportId)) as ExportStatus;
				if (stopped) {
					return;
				}
				if (status.download_url) {
					setPhase({
						kind: 'ready',
						url: downloadHref(status.download_url, restNonce()),
						rows: status.total_rows,
					});
					return;
				}
				setPhase({ kind: 'building', status });
				timer = setTimeout(() => void poll(), EXPORT_POLL_INTERVAL);
			} catch (error) {
				if (stopped) {
					return;
				}
				if (isNotFound(error)) {
					setPhase({ kind: 'emailed' });
					return;
				}
				setPhase({
					kind: 'failed',
					message:
						(error as { message?: string })?.message ||
						__('The export could not be completed.', 'abacus'),
				});
			}
		}
		void poll();
		return () => {
			stopped = true;
			if (timer) {
				clearTimeout(timer);
			}
		};
	}, [type, exportId, getExportStatus]);

	// When the file is ready, the browser downloads it once by itself.
	useEffect(() => {
		if (phase.kind === 'ready' && link.current && !downloaded.current) {
			downloaded.current = true;
			link.current.click();
		}
	}, [phase]);

	async function cancel() {
		setPhase({ kind: 'cancelling' });
		try {
			await cancelExport(type, exportId);
		} catch {
			// Already finished or expired: nothing left to cancel.
		}
		onClose();
	}

	if (phase.kind === 'emailed') {
		return (
			<Notice status="success" onRemove={onClose}>
				{sprintf(
					/* translators: %s: report title */
					__('Your %s Report will be emailed to you.', 'abacus'),
					title,
				)}
			</Notice>
		);
	}
	if (phase.kind === 'failed') {
		return (
			<Notice
				status="error"
				onRemove={onClose}
				actions={[{ label: __('Try again', 'abacus'), onClick: onRetry }]}
			>
				{phase.message}
			</Notice>
		);
	}
	if (phase.kind === 'ready') {
		const fileName = `${title}.csv`;
		return (
			<Notice status="success" onRemove={onClose} className="abacus-export-progress__notice">
				<p aria-live="polite">
					{phase.rows !== undefined
						? sprintf(
								/* translators: 1: report title, 2: number of rows */
								__('Your %1$s report is ready: %2$s rows.', 'abacus'),
								title,
								formatNumber(phase.rows),
							)
						: sprintf(
								/* translators: %s: report title */
								__('Your %s report is ready.', 'abacus'),
								title,
							)}{' '}
					<a
						ref={link}
						className="components-button is-secondary abacus-export-progress__download"
						href={phase.url}
						download={fileName}
					>
						{__('Download file', 'abacus')}
					</a>
				</p>
			</Notice>
		);
	}
	const status = phase.kind === 'building' ? phase.status : null;
	const percent = Math.max(0, Math.min(100, Math.round(status?.percent_complete ?? 0)));
	const label = sprintf(
		/* translators: %s: report title */
		__('Preparing the %s report file', 'abacus'),
		title,
	);
	return (
		<div className="abacus-export-progress" role="group" aria-label={label}>
			<div className="abacus-export-progress__text">
				<span>{label}</span>
				<span aria-live="polite">
					{status?.total_rows
						? sprintf(
								/* translators: 1: percent, 2: rows written, 3: rows in all */
								__('%1$d%% (%2$s of %3$s rows)', 'abacus'),
								percent,
								formatNumber(status.rows_exported ?? 0),
								formatNumber(status.total_rows),
							)
						: sprintf(
								/* translators: %d: percent */
								__('%d%%', 'abacus'),
								percent,
							)}
				</span>
			</div>
			<div
				className="abacus-export-progress__bar"
				role="progressbar"
				aria-label={label}
				aria-valuemin={0}
				aria-valuemax={100}
				aria-valuenow={percent}
			>
				<div className="abacus-export-progress__fill" style={{ width: `${percent}%` }} />
			</div>
			<Button
				variant="tertiary"
				isDestructive
				isBusy={phase.kind === 'cancelling'}
				disabled={phase.kind === 'cancelling'}
				onClick={() => void cancel()}
			>
				{__('Cancel export', 'abacus')}
			</Button>
		</div>
	);
}
