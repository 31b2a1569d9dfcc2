import { __, _n, sprintf } from '@wordpress/i18n';
import clsx from 'clsx';
import {
	useCallback,
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
	type KeyboardEvent,
} from 'react';

import type { SelectControlOption, SelectControlProps, SelectedOption } from './types.js';
import './style.scss';

const identity = <T,>(value: T): T => value;

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function labelText(option: SelectControlOption): string {
	return typeof option.label === 'string' ? option.label : String(option.key);
}

/** Options whose label or keywords contain the expression (case-insensitive). */
export function filterOptions(
	options: SelectControlOption[],
	expression: string,
	excluded: ReadonlySet<string> = new Set(),
	maxResults = 0,
): SelectControlOption[] {
	const pattern = expression ? new RegExp(escapeRegExp(expression), 'i') : null;
	const result = options.filter(
		(option) =>
			!excluded.has(option.key) &&
			(!pattern ||
				pattern.test(labelText(option)) ||
				(option.keywords ?? []).some((word) => pattern.test(word))),
	);
	return maxResults > 0 ? result.slice(0, maxResults) : result;
}

/** The screen-reader message of a result count. */
export function getResultsMessage(count: number): string {
	if (count === 0) return __('No results', 'abacus');
	return sprintf(
		/* translators: %d: number of results */
		_n(
			'%d result found, use up and down arrow keys to navigate.',
			'%d results found, use up and down arrow keys to navigate.',
			count,
			'abacus',
		),
		count,
	);
}

/**
 * A combobox: an input (searchable or not), tags for multiple picks and a listbox. Up and down
 * move through the list (wrapping), Enter picks, Tab and Escape close, Backspace in an empty
 * input removes the last tag, Left and Right move between the tags and the input.
 */
export function SelectControl({
	options,
	selected = [],
	onChange = () => {},
	multiple = false,
	isSearchable = false,
	inlineTags = false,
	excludeSelectedOptions = true,
	getSearchExpression = identity,
	onFilter = identity,
	onSearch = (current) => current,
	maxResults = 0,
	searchDebounceTime = 0,
	searchInputType = 'search',
	showAllOnFocus = false,
	showClearButton = false,
	hideBeforeSearch = false,
	staticList = false,
	autofill = 'off',
	label,
	help,
	placeholder,
	disabled = false,
	className,
	controlClassName,
}: SelectControlProps) {
	const id = useId();
	const listboxId = `${id}-listbox`;
	const inputRef = useRef<HTMLInputElement>(null);
	const tagsRef = useRef<HTMLUListElement>(null);
	const [query, setQuery] = useState<string | null>(null);
	const [isExpanded, setIsExpanded] = useState(false);
	const [isFocused, setIsFocused] = useState(false);
	const [activeIndex, setActiveIndex] = useState<number | null>(null);
	const [searched, setSearched] = useState<SelectControlOption[] | null>(null);
	const [message, setMessage] = useState('');
	const searchId = useRef(0);
	/** Set when focus has just opened the list, so the click that focused does not close it. */
	const openedByFocus = useRef(false);
	const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

	const selectedList: SelectedOption[] = useMemo(() => {
		if (Array.isArray(selected)) return selected;
		const option = options.find((item) => item.key === selected);
		return option ? [{ key: option.key, label: labelText(option) }] : [];
	}, [selected, options]);
	const selectedKeys = useMemo(
		() => new Set(multiple && excludeSelectedOptions ? selectedList.map((s) => s.key) : []),
		[multiple, excludeSelectedOptions, selectedList],
	);

	const filtered = useMemo(() => {
		const source = searched ?? options;
		const expression = isSearchable && query ? getSearchExpression(query) : '';
		return onFilter(filterOptions(source, expression, selectedKeys, maxResults), query);
	}, [
		searched,
		options,
		isSearchable,
		query,
		getSearchExpression,
		onFilter,
		selectedKeys,
		maxResults,
	]);

	const listVisible =
		isExpanded &&
		!disabled &&
		!(hideBeforeSearch && !query) &&
		(filtered.length > 0 || !!query);

	useEffect(
		() => () => {
			if (timer.current) clearTimeout(timer.current);
		},
		[],
	);

	useEffect(() => {
		if (isExpanded && (query || showAllOnFocus)) {
			setMessage(getResultsMessage(filtered.length));
		}
	}, [filtered.length, isExpanded, query, showAllOnFocus]);

	const runSearch = useCallback(
		(value: string | null) => {
			const current = ++searchId.current;
			Promise.resolve()
				.then(() => onSearch(options, value))
				.then(
					(result) => {
						if (current === searchId.current) setSearched(result);
					},
					() => {
						if (current === searchId.current) setSearched([]);
					},
				);
		},
		[onSearch, options],
	);

	// A new `onSearch` (e.g. a retry after a failed request) runs the current search again.
	const lastOnSearch = useRef(onSearch);
	useEffect(() => {
		if (lastOnSearch.current === onSearch) return;
		lastOnSearch.current = onSearch;
		if (query) runSearch(query);
	}, [onSearch, query, runSearch]);

	const onQueryChange = (value: string) => {
		setQuery(value);
		setIsExpanded(true);
		setActiveIndex(null);
		if (timer.current) clearTimeout(timer.current);
		if (!value) {
			searchId.current++;
			setSearched(null);
			return;
		}
		if (searchDebounceTime > 0) {
			timer.current = setTimeout(() => runSearch(value), searchDebounceTime);
		} else {
			runSearch(value);
		}
	};

	const select = (option: SelectControlOption) => {
		if (option.isDisabled) return;
		const picked = { key: option.key, label: labelText(option) };
		if (typeof selected === 'string') {
			onChange(option.key, query ?? undefined);
		} else {
			onChange(multiple ? [...selectedList, picked] : [picked], query ?? undefined);
		}
		setQuery(multiple ? '' : null);
		setSearched(null);
		setActiveIndex(null);
		setIsExpanded(multiple && showAllOnFocus);
		inputRef.current?.focus();
	};

	const remove = (key: string) => {
		const next = selectedList.filter((item) => item.key !== key);
		onChange(typeof selected === 'string' ? '' : next);
		inputRef.current?.focus();
	};

	const clear = () => {
		onChange(typeof selected === 'string' ? '' : []);
		setQuery(null);
		inputRef.current?.focus();
	};

	const move = (step: 1 | -1) => {
		if (!filtered.length) return;
		setIsExpanded(true);
		setActiveIndex((index) => {
			if (index === null) return step === 1 ? 0 : filtered.length - 1;
			return (index + step + filtered.length) % filtered.length;
		});
	};

	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		switch (event.key) {
			case 'ArrowDown':
				event.preventDefault();
				move(1);
				break;
			case 'ArrowUp':
				event.preventDefault();
				move(-1);
				break;
			case 'Enter':
				if (listVisible && activeIndex !== null && filtered[activeIndex]) {
					event.preventDefault();
					select(filtered[activeIndex]);
				}
				break;
			case 'Escape':
				if (isExpanded) {
					event.preventDefault();
					event.stopPropagation();
					setIsExpanded(false);
					setActiveIndex(null);
				}
				break;
			case 'Tab':
				setIsExpanded(false);
				setActiveIndex(null);
				break;
			case 'Backspace':
				if (multiple && !query && selectedList.length) {
					remove(selectedList[selectedList.length - 1].key);
				}
				break;
			case 'ArrowLeft':
				if (multiple && !event.currentTarget.selectionStart && selectedList.length) {
					event.preventDefault();
					focusTag(selectedList.length - 1);
				}
				break;
			default:
		}
	};

	/** Left and right move between the tags' remove buttons; right from the last returns to the input. */
	const focusTag = (index: number) => {
		const buttons = tagsRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
		if (index >= 0 && index < buttons.length) buttons[index].focus();
		else if (index >= buttons.length) inputRef.current?.focus();
	};

	const onTagKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
		if (event.key === 'ArrowLeft') {
			event.preventDefault();
			focusTag(Math.max(0, index - 1));
		} else if (event.key === 'ArrowRight') {
			event.preventDefault();
			focusTag(index + 1);
		} else if (event.key === 'Backspace' || event.key === 'Delete') {
			event.preventDefault();
			remove(selectedList[index].key);
		}
	};

	const singleLabel = !multiple && selectedList[0] ? selectedList[0].label : '';
	const inputValue = query ?? (isFocused && isSearchable ? '' : singleLabel);
	const tags = multiple && selectedList.length > 0 && (
		<ul
			ref={tagsRef}
			className="abacus-select-control__tags"
			aria-label={__('Selected items', 'abacus')}
		>
			{selectedList.map((item, index) => (
				<li key={item.key} className="abacus-select-control__tag">
					<span>{item.label}</span>
					<button
						type="button"
						className="abacus-select-control__tag-remove"
						disabled={disabled}
						aria-label={sprintf(
							/* translators: %s: a picked item */
							__('Remove %s', 'abacus'),
							item.label,
						)}
						onClick={() => remove(item.key)}
						onKeyDown={(event) => onTagKeyDown(event, index)}
					>
						×
					</button>
				</li>
			))}
		</ul>
	);

	return (
		<div
			className={clsx('abacus-select-control', className, {
				'is-focused': isFocused,
				'is-disabled': disabled,
				'has-static-list': staticList,
			})}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
					setIsFocused(false);
					setIsExpanded(false);
					setActiveIndex(null);
					if (!multiple) setQuery(null);
				}
			}}
		>
			{!inlineTags && tags}
			<div className={clsx('abacus-select-control__control', controlClassName)}>
				{inlineTags && tags}
				{label && (
					<label htmlFor={`${id}-input`} className="abacus-select-control__label">
						{label}
					</label>
				)}
				<input
					ref={inputRef}
					id={`${id}-input`}
					className="abacus-select-control__input"
					type={searchInputType}
					role="combobox"
					aria-autocomplete="list"
					aria-expanded={listVisible}
					aria-controls={listboxId}
					aria-activedescendant={
						listVisible && activeIndex !== null
							? `${id}-option-${activeIndex}`
							: undefined
					}
					aria-label={label ? undefined : placeholder}
					aria-describedby={help ? `${id}-help` : undefined}
					autoComplete={autofill}
					placeholder={placeholder}
					disabled={disabled}
					readOnly={!isSearchable}
					value={inputValue}
					onChange={(event) => onQueryChange(event.target.value)}
					onFocus={() => {
						setIsFocused(true);
						if (showAllOnFocus || !isSearchable) {
							openedByFocus.current = true;
							setIsExpanded(true);
						}
					}}
					onMouseDown={(event) => {
						// A press on the already focused input toggles the list on its click.
						if (event.currentTarget === document.activeElement) {
							openedByFocus.current = false;
						}
					}}
					onClick={() => {
						if (openedByFocus.current) {
							openedByFocus.current = false;
							return;
						}
						if (!isSearchable) setIsExpanded((open) => !open);
					}}
					onKeyDown={onKeyDown}
				/>
				{showClearButton && selectedList.length > 0 && (
					<button
						type="button"
						className="abacus-select-control__clear"
						disabled={disabled}
						onClick={clear}
					>
						{__('Clear all', 'abacus')}
					</button>
				)}
			</div>
			<ul
				id={listboxId}
				role="listbox"
				aria-label={label ?? placeholder}
				className="abacus-select-control__listbox"
				hidden={!listVisible}
			>
				{listVisible &&
					filtered.map((option, index) => (
						<li
							key={option.key}
							id={`${id}-option-${index}`}
							role="option"
							aria-selected={index === activeIndex}
							aria-disabled={option.isDisabled ? true : undefined}
							className={clsx('abacus-select-control__option', {
								'is-active': index === activeIndex,
							})}
							onMouseDown={(event) => event.preventDefault()}
							onClick={() => select(option)}
						>
							{option.label}
						</li>
					))}
			</ul>
			{help && (
				<p id={`${id}-help`} className="abacus-select-control__help">
					{help}
				</p>
			)}
			<div className="abacus-select-control__message" aria-live="polite" role="status">
				{isFocused ? message : ''}
			</div>
		</div>
	);
}
