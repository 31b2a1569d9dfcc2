/**
 * "Export the whole report" of an analysis page: starts the server's export job
 * (`POST reports/<type>/export` with the page's request arguments, as the report tables do when a
 * report is larger than its page) and follows it with the report tables' progress panel to the
 * download. A refused start (too many rows, exports busy) shows the server's message. The page
 * places the button (in its bar) and the panel (below the bar, full width) apart.
 */
import { useState, type ReactNode } from 'react';
import { Button, Notice } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { exportStore } from '@abacus/data';

import { ExportProgress } from '../../components/export-progress.js';

interface Props {
	/** Export type (`order-times`, `cohorts`). */
	type: string;
	/** Report title the progress panel names. */
	title: string;
	/** The request arguments (range, filters) the file is built from. */
	args: Record<string, unknown>;
	/** What the file holds, said on the button's description. */
	description: string;
	disabled?: boolean;
	formatNumber: (value: number) => string;
}

export function useWholeExport({ type, title, args, description, disabled, formatNumber }: Props): {
	button: ReactNode;
	panel: ReactNode;
} {
	const { startExport } = useDispatch(exportStore);
	const [exportId, setExportId] = useState<string | null>(null);
	const [failure, setFailure] = useState<string | null>(null);
	const descriptionId = `abacus-whole-export-${type}`;

	async function start() {
		setFailure(null);
		setExportId(null);
		try {
			const started = await startExport(type, args);
			setExportId(started?.export_id ?? null);
		} catch (error) {
			setFailure(
				(error as { message?: string })?.message ||
					__('The export could not be started.', 'abacus'),
			);
		}
	}

	const button = (
		<>
			<Button
				variant="secondary"
				onClick={() => void start()}
				disabled={disabled}
				aria-describedby={descriptionId}
			>
				{__('Export the whole report', 'abacus')}
			</Button>
			<span id={descriptionId} className="screen-reader-text">
				{description}
			</span>
		</>
	);
	const panel =
		failure || exportId ? (
			<div className="abacus-whole-export">
				{failure ? (
					<Notice status="error" onRemove={() => setFailure(null)}>
						{failure}
					</Notice>
				) : null}
				{exportId ? (
					<ExportProgress
						key={exportId}
						type={type}
						title={title}
						exportId={exportId}
						formatNumber={formatNumber}
						onRetry={() => void start()}
						onClose={() => setExportId(null)}
					/>
				) : null}
			</div>
		) : null;
	return { button, panel };
}
