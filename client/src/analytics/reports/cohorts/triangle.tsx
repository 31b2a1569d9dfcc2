/**
 * The cohort triangle: one row per cohort (its name and size), one column per period since the
 * first order, each cell coloured by its value with a legend; periods not yet reached are empty and
 * say so to a screen reader, a period still running is outlined and said to be so far. With `onSelect`, every cell with a value is a button that picks it
 * (its name says the cohort, the period and the value); the picked one is pressed. A real table: headers are read with every cell; at narrow widths it
 * scrolls sideways with the cohort column kept in view.
 */
import { __, sprintf } from '@wordpress/i18n';

import { HEAT_STEPS, heatStep } from '../order-times/heat-map.js';

export interface TriangleRow {
	key: string;
	label: string;
	size: number;
	values: Array<number | null>;
	/** The period still running (its value so far), when one is (in-progress.ts). */
	inProgress?: number;
}

export interface TriangleProps {
	caption: string;
	periodLabel: (k: number) => string;
	rows: TriangleRow[];
	formatValue: (value: number) => string;
	formatSize: (value: number) => string;
	/** Highest value of the colour scale (100 for percentages). */
	max?: number;
	/** Picks a cell (its row's key, its period). */
	onSelect?: (key: string, k: number) => void;
	selected?: { key: string; k: number } | null;
	/** Said under the triangle when a period is still running (its cells are outlined). */
	inProgressNote?: string;
}

export function Triangle({
	caption,
	periodLabel,
	rows,
	formatValue,
	formatSize,
	max,
	onSelect,
	selected,
	inProgressNote,
}: TriangleProps) {
	const periods = rows.reduce((n, r) => Math.max(n, r.values.length), 0);
	const top =
		max ?? Math.max(0, ...rows.flatMap((r) => r.values.filter((v): v is number => v !== null)));
	return (
		<div className="abacus-triangle">
			<div
				className="abacus-triangle__scroll"
				tabIndex={0}
				role="region"
				aria-label={caption}
			>
				<table className="abacus-triangle__table">
					<caption className="screen-reader-text">{caption}</caption>
					<thead>
						<tr>
							<th scope="col">{__('Cohort', 'abacus')}</th>
							<th scope="col" className="is-numeric">
								{__('Customers', 'abacus')}
							</th>
							{Array.from({ length: periods }, (_, k) => (
								<th key={k} scope="col" className="is-numeric">
									{periodLabel(k)}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{rows.map((row) => (
							<tr key={row.key}>
								<th scope="row">{row.label}</th>
								<td className="is-numeric">{formatSize(row.size)}</td>
								{row.values.map((value, k) => {
									if (value === null) {
										return (
											<td key={k} className="abacus-triangle__empty">
												<span className="screen-reader-text">
													{__('Not reached yet', 'abacus')}
												</span>
											</td>
										);
									}
									if (!row.size) {
										// A period in which nobody ordered first has no share to show.
										return (
											<td
												key={k}
												className="is-numeric abacus-triangle__none"
											>
												<span aria-hidden="true">–</span>
												<span className="screen-reader-text">
													{__('No customers in this cohort', 'abacus')}
												</span>
											</td>
										);
									}
									const step = heatStep(value, top);
									const picked = selected?.key === row.key && selected.k === k;
									const running = row.inProgress === k;
									return (
										<td
											key={k}
											className={`is-numeric abacus-triangle__cell${step >= 4 ? ' is-dark' : ''}${picked ? ' is-selected' : ''}${running ? ' is-in-progress' : ''}`}
											style={{ background: HEAT_STEPS[step] }}
										>
											{onSelect ? (
												<button
													type="button"
													className="abacus-triangle__pick"
													aria-pressed={picked}
													aria-label={
														running
															? sprintf(
																	/* translators: 1: cohort, 2: period (e.g. Month 2), 3: value so far */
																	__(
																		'%1$s, %2$s, still running: %3$s so far, show orders',
																		'abacus',
																	),
																	row.label,
																	periodLabel(k),
																	formatValue(value),
																)
															: sprintf(
																	/* translators: 1: cohort, 2: period (e.g. Month 2), 3: value */
																	__(
																		'%1$s, %2$s: %3$s, show orders',
																		'abacus',
																	),
																	row.label,
																	periodLabel(k),
																	formatValue(value),
																)
													}
													onClick={() => onSelect(row.key, k)}
												>
													{formatValue(value)}
												</button>
											) : (
												<>
													{formatValue(value)}
													{running ? (
														<span className="screen-reader-text">
															{__('so far, still running', 'abacus')}
														</span>
													) : null}
												</>
											)}
										</td>
									);
								})}
							</tr>
						))}
					</tbody>
				</table>
			</div>
			<p className="abacus-triangle__legend">
				<span aria-hidden="true" className="abacus-triangle__ramp">
					{HEAT_STEPS.map((colour) => (
						<span key={colour} style={{ background: colour }} />
					))}
				</span>
				{sprintf(
					/* translators: 1: lowest value, 2: highest value */
					__('Colour: from %1$s (lightest) to %2$s (darkest).', 'abacus'),
					formatValue(0),
					formatValue(top),
				)}
			</p>
			{inProgressNote && rows.some((row) => row.inProgress !== undefined) ? (
				<p className="abacus-triangle__legend">
					<span aria-hidden="true" className="abacus-triangle__running-sample" />
					{inProgressNote}
				</p>
			) : null}
		</div>
	);
}

const COLOURS = [
	'#2271b1',
	'#d63638',
	'#00a32a',
	'#dba617',
	'#8c5fc7',
	'#3858e9',
	'#b32d2e',
	'#007017',
];

export interface CurvesProps {
	title: string;
	rows: TriangleRow[];
	periodLabel: (k: number) => string;
	formatValue: (value: number) => string;
	/** Said under the curves when a period is still running (hollow dot, dashed line). */
	inProgressNote?: string;
}

/**
 * Retention curves or cumulative value per cohort: one line per cohort over the periods since the
 * first order. A picture of the triangle above (which a screen reader reads), so hidden from it.
 */
export function CohortCurves({
	title,
	rows,
	periodLabel,
	formatValue,
	inProgressNote,
}: CurvesProps) {
	const width = 720;
	const height = 260;
	const pad = { left: 64, right: 16, top: 12, bottom: 28 };
	const periods = rows.reduce((n, r) => Math.max(n, r.values.length), 0);
	const max = Math.max(
		1,
		...rows.flatMap((r) => r.values.filter((v): v is number => v !== null)),
	);
	const x = (k: number) =>
		pad.left + (periods > 1 ? (k / (periods - 1)) * (width - pad.left - pad.right) : 0);
	const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
	const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
	return (
		<figure className="abacus-cohort-curves">
			<figcaption>{title}</figcaption>
			<div className="abacus-cohort-curves__plot">
				<svg
					viewBox={`0 0 ${width} ${height}`}
					role="img"
					aria-hidden="true"
					focusable="false"
				>
					{ticks.map((t) => (
						<g key={t}>
							<line
								x1={pad.left}
								x2={width - pad.right}
								y1={y(t)}
								y2={y(t)}
								stroke="#e0e0e0"
							/>
							<text
								x={pad.left - 6}
								y={y(t) + 4}
								textAnchor="end"
								fontSize="11"
								fill="#50575e"
							>
								{formatValue(t)}
							</text>
						</g>
					))}
					{Array.from({ length: periods }, (_, k) => (
						<text
							key={k}
							x={x(k)}
							y={height - 8}
							textAnchor="middle"
							fontSize="11"
							fill="#50575e"
						>
							{k}
						</text>
					))}
					{rows.map((row, i) => {
						const colour = COLOURS[i % COLOURS.length];
						// A period still running is not a whole period's figure: the line reaches it
						// dashed and its dot is hollow.
						const whole = row.values.map((v, k) => (k === row.inProgress ? null : v));
						const points = whole
							.map((v, k) => (v === null ? null : `${x(k)},${y(v)}`))
							.filter((p): p is string => p !== null);
						const running = row.inProgress;
						const runningValue = running === undefined ? null : row.values[running];
						const before = running === undefined ? null : whole[running - 1];
						return (
							<g key={row.key}>
								<polyline
									points={points.join(' ')}
									fill="none"
									stroke={colour}
									strokeWidth="2"
								/>
								{running !== undefined &&
								runningValue !== null &&
								before !== null &&
								before !== undefined ? (
									<line
										className="abacus-cohort-curves__running"
										x1={x(running - 1)}
										y1={y(before)}
										x2={x(running)}
										y2={y(runningValue)}
										stroke={colour}
										strokeWidth="2"
										strokeDasharray="4 4"
									/>
								) : null}
								{row.values.map((v, k) =>
									v === null ? null : (
										<circle
											key={k}
											cx={x(k)}
											cy={y(v)}
											r="3"
											fill={k === running ? '#fff' : colour}
											stroke={colour}
											strokeWidth={k === running ? 1.5 : 0}
										/>
									),
								)}
							</g>
						);
					})}
				</svg>
			</div>
			<ul className="abacus-cohort-curves__legend">
				{rows.map((row, i) => (
					<li key={row.key}>
						<span
							aria-hidden="true"
							style={{ background: COLOURS[i % COLOURS.length] }}
							className="abacus-cohort-curves__swatch"
						/>
						{row.label}
					</li>
				))}
			</ul>
			<p className="abacus-cohort-curves__axis">
				{sprintf(
					/* translators: %s: name of period 1, e.g. "Month 1" */
					__(
						'Across: periods since the first order (%s is the period after it).',
						'abacus',
					),
					periodLabel(1),
				)}
				{inProgressNote && rows.some((row) => row.inProgress !== undefined)
					? ` ${inProgressNote}`
					: null}
			</p>
		</figure>
	);
}
