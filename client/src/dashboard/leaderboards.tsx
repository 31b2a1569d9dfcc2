/**
 * Leaderboards (top customers, coupons, categories, products) for the selected period, with the
 * number of rows per table as a user preference.
 */
import { SelectControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { Link, TableCard } from '@abacus/components';
import { getLeaderboard, useUserPreferences } from '@abacus/data';
import { getNewPath, getPersistedQuery } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';
import { getSetting } from '@abacus/settings';

import { ReportError } from '../analytics/components/report-error.js';
import { useDefaultDateRange } from '../analytics/components/use-default-date-range.js';

export const LEADERBOARD_ROWS_PREFERENCE = 'dashboard_leaderboard_rows';
const ROW_OPTIONS = [5, 10, 20];

interface LeaderboardCell {
	display: string;
	value: string | number;
}

interface LeaderboardMeta {
	id: string;
	label: string;
	headers: Array<{ label: string }>;
}

/**
 * The text and link of a cell whose `display` is an HTML fragment from the server. Links to a
 * report view (`admin.php?...&path=/analytics/...`) become in-app links of this admin page.
 */
export function readCell(html: string): { text: string; href: string | null } {
	const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
	const raw = doc.querySelector('a')?.getAttribute('href') ?? null;
	const text = doc.body.textContent?.trim() ?? '';
	if (!raw) {
		return { text, href: null };
	}
	const params = new URLSearchParams(raw.split('?')[1] ?? '');
	const path = params.get('path');
	if (!path) {
		return { text, href: raw };
	}
	const query: Record<string, string> = {};
	params.forEach((value, key) => {
		if (key !== 'page' && key !== 'path') {
			query[key] = value;
		}
	});
	return { text, href: getNewPath(query, path, {}, 'abacus') };
}

function Leaderboard({
	meta,
	rowsPerTable,
	query,
}: {
	meta: LeaderboardMeta;
	rowsPerTable: number;
	query: Record<string, unknown>;
}) {
	const defaultDateRange = useDefaultDateRange();
	const persisted = getPersistedQuery(query as NavQuery);
	const board = useSelect(
		(select) =>
			getLeaderboard({
				id: meta.id,
				per_page: rowsPerTable,
				persisted_query: persisted,
				query,
				select,
				defaultDateRange,
			}),
		[meta.id, rowsPerTable, query, defaultDateRange],
	);
	if (board.isError) {
		return <ReportError title={meta.label} />;
	}
	const rows = ((board.rows ?? []) as LeaderboardCell[][]).map((row) =>
		row.map((cell) => {
			const { text, href } = readCell(String(cell.display ?? ''));
			return {
				display: href ? (
					<Link href={href} type="wc-admin">
						{text}
					</Link>
				) : (
					text
				),
				value: cell.value,
			};
		}),
	);
	return (
		<TableCard
			className="abacus-dashboard__leaderboard"
			title={meta.label}
			headers={meta.headers.map((header, index) => ({
				key: String(index),
				label: header.label,
				isNumeric: index > 0,
				isLeftAligned: index === 0,
				required: true,
			}))}
			rows={rows}
			rowsPerPage={rowsPerTable}
			totalRows={rowsPerTable}
			isLoading={board.isRequesting}
			showMenu={false}
			hasDownload={false}
			query={query}
		/>
	);
}

export function Leaderboards({ query }: { query: Record<string, unknown> }) {
	const preferences = useUserPreferences();
	const stored = Number(preferences[LEADERBOARD_ROWS_PREFERENCE]);
	const rowsPerTable = ROW_OPTIONS.includes(stored) ? stored : 5;
	const boards = ((getSetting('dataEndpoints', {}) as { leaderboards?: LeaderboardMeta[] })
		.leaderboards ?? []) as LeaderboardMeta[];
	return (
		<section className="abacus-dashboard__section">
			<div className="abacus-dashboard__section-header">
				<h2>{__('Leaderboards', 'abacus')}</h2>
				<SelectControl
					__nextHasNoMarginBottom
					className="abacus-dashboard__rows-per-table"
					labelPosition="side"
					label={__('Rows per table', 'abacus')}
					value={String(rowsPerTable)}
					options={ROW_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
					onChange={(value: string) =>
						void preferences.updateUserPreferences({
							[LEADERBOARD_ROWS_PREFERENCE]: Number(value),
						})
					}
				/>
			</div>
			{boards.length === 0 ? (
				<p>{__('No leaderboards are available.', 'abacus')}</p>
			) : (
				<div className="abacus-dashboard__leaderboards">
					{boards.map((meta) => (
						<Leaderboard
							key={meta.id}
							meta={meta}
							rowsPerTable={rowsPerTable}
							query={query}
						/>
					))}
				</div>
			)}
		</section>
	);
}
