import clsx from 'clsx';
import { useEffect, useId, useState } from 'react';

import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import './style.scss';
import type { PaginationProps } from './types.js';

export const PER_PAGE_OPTIONS = [25, 50, 75, 100];

/** Whether a typed page is acceptable: a positive integer, not the current page, within the page count. */
export function isValidPageJump(value: string, page: number, pageCount: number): boolean {
	if (!/^\d+$/.test(value.trim())) return false;
	const target = Number(value);
	return target >= 1 && target <= pageCount && target !== page;
}

/** Table paging: previous/next, page jump and rows per page (25, 50, 75, 100). */
export function Pagination({
	page,
	perPage,
	total,
	onPageChange = () => undefined,
	onPerPageChange = () => undefined,
	showPagePicker = true,
	showPerPagePicker = true,
	showPageArrowsLabel = true,
	className,
}: PaginationProps) {
	const id = useId();
	const pageCount = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
	const [typed, setTyped] = useState(String(page));
	useEffect(() => setTyped(String(page)), [page]);
	const typedNumber = Number(typed);
	const isInvalid =
		typed.trim() !== '' &&
		typed !== String(page) &&
		(!/^\d+$/.test(typed.trim()) || typedNumber < 1 || typedNumber > pageCount);

	const perPagePicker = showPerPagePicker ? (
		<div className="abacus-pagination__per-page">
			<label htmlFor={`${id}-per-page`}>{__('Rows per page', 'abacus')}</label>
			<select
				id={`${id}-per-page`}
				value={perPage}
				onChange={(event) => {
					const next = Number(event.target.value);
					onPerPageChange(next);
					const lastPage = Math.max(1, Math.ceil(total / next));
					if (page > lastPage) onPageChange(lastPage, 'goto');
				}}
			>
				{PER_PAGE_OPTIONS.map((option) => (
					<option key={option} value={option}>
						{option}
					</option>
				))}
			</select>
		</div>
	) : null;

	if (pageCount <= 1) {
		return total > PER_PAGE_OPTIONS[0] && perPagePicker ? (
			<nav
				className={clsx('abacus-pagination', className)}
				aria-label={__('Pagination', 'abacus')}
			>
				{perPagePicker}
			</nav>
		) : null;
	}

	const goTo = () => {
		if (isValidPageJump(typed, page, pageCount)) onPageChange(Number(typed), 'goto');
	};

	return (
		<nav
			className={clsx('abacus-pagination', className)}
			aria-label={__('Pagination', 'abacus')}
		>
			<div className="abacus-pagination__arrows">
				{showPageArrowsLabel && (
					<span className="abacus-pagination__label" aria-live="polite">
						{sprintf(
							/* translators: 1: current page, 2: number of pages */ __(
								'Page %1$d of %2$d',
								'abacus',
							),
							page,
							pageCount,
						)}
					</span>
				)}
				<Button
					className="abacus-pagination__previous"
					label={__('Previous Page', 'abacus')}
					disabled={page <= 1}
					accessibleWhenDisabled
					onClick={() => page > 1 && onPageChange(page - 1, 'previous')}
				>
					<span aria-hidden="true">‹</span>
				</Button>
				<Button
					className="abacus-pagination__next"
					label={__('Next Page', 'abacus')}
					disabled={page >= pageCount}
					accessibleWhenDisabled
					onClick={() => page < pageCount && onPageChange(page + 1, 'next')}
				>
					<span aria-hidden="true">›</span>
				</Button>
			</div>
			{showPagePicker && (
				<div className="abacus-pagination__picker">
					<label htmlFor={`${id}-page`}>{__('Go to page', 'abacus')}</label>
					<input
						id={`${id}-page`}
						type="number"
						min={1}
						max={pageCount}
						value={typed}
						aria-invalid={isInvalid}
						aria-describedby={isInvalid ? `${id}-page-error` : undefined}
						className={clsx({ 'has-error': isInvalid })}
						onChange={(event) => setTyped(event.target.value)}
						onBlur={goTo}
						onKeyDown={(event) => {
							if (event.key === 'Enter') goTo();
						}}
					/>
					{isInvalid && (
						<span
							id={`${id}-page-error`}
							className="abacus-pagination__error"
							role="alert"
						>
							{sprintf(
								/* translators: %d: number of pages */
								__('Enter a whole page number from 1 to %d.', 'abacus'),
								pageCount,
							)}
						</span>
					)}
				</div>
			)}
			{perPagePicker}
		</nav>
	);
}
