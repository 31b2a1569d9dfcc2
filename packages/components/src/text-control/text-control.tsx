import clsx from 'clsx';
import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';

import './style.scss';

export interface TextControlProps extends Omit<
	InputHTMLAttributes<HTMLInputElement>,
	'onChange' | 'value'
> {
	/** Label; it also stands as the placeholder while the field is empty and unfocused. */
	label?: string;
	/** Current value. Default ''. */
	value?: string | number;
	/** Called with the new value. */
	onChange?: (value: string) => void;
	/** Help or error text under the field. */
	help?: string | null;
	className?: string;
}

/** A text input whose label floats above the value; states empty / active / with-value. */
export function TextControl({
	label,
	value = '',
	onChange,
	help,
	className,
	disabled,
	onFocus,
	onBlur,
	type = 'text',
	...props
}: TextControlProps) {
	const id = useId();
	const [isFocused, setIsFocused] = useState(false);
	const hasValue = String(value ?? '') !== '';
	return (
		<div
			className={clsx('abacus-text-control', className, {
				'is-empty': !hasValue,
				'is-active': isFocused,
				'with-value': hasValue,
				'is-disabled': disabled,
				'has-help': Boolean(help),
			})}
		>
			{label && (
				<label htmlFor={id} className="abacus-text-control__label">
					{label}
				</label>
			)}
			<input
				{...props}
				id={id}
				type={type}
				className="abacus-text-control__input"
				value={value}
				disabled={disabled}
				aria-describedby={help ? `${id}-help` : undefined}
				onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value)}
				onFocus={(event) => {
					setIsFocused(true);
					onFocus?.(event);
				}}
				onBlur={(event) => {
					setIsFocused(false);
					onBlur?.(event);
				}}
			/>
			{help && (
				<p id={`${id}-help`} className="abacus-text-control__help">
					{help}
				</p>
			)}
		</div>
	);
}

export interface TextControlWithAffixesProps extends Omit<TextControlProps, 'prefix'> {
	/** Text before the value (e.g. a currency symbol). */
	prefix?: string;
	/** Text after the value (e.g. a unit). */
	suffix?: string;
}

/** A text input with a prefix and/or suffix (currency symbols, units). */
export function TextControlWithAffixes({
	prefix,
	suffix,
	label,
	value = '',
	onChange,
	help,
	className,
	disabled,
	type = 'text',
	...props
}: TextControlWithAffixesProps) {
	const id = useId();
	return (
		<div
			className={clsx('abacus-text-control-with-affixes', className, {
				'is-disabled': disabled,
			})}
		>
			{label && (
				<label htmlFor={id} className="abacus-text-control__label">
					{label}
				</label>
			)}
			<div className="abacus-text-control-with-affixes__field">
				{prefix && (
					<span className="abacus-text-control-with-affixes__prefix" aria-hidden="true">
						{prefix}
					</span>
				)}
				<input
					{...props}
					id={id}
					type={type}
					value={value}
					disabled={disabled}
					aria-describedby={help ? `${id}-help` : undefined}
					onChange={(event) => onChange?.(event.target.value)}
				/>
				{suffix && (
					<span className="abacus-text-control-with-affixes__suffix" aria-hidden="true">
						{suffix}
					</span>
				)}
			</div>
			{help && (
				<p id={`${id}-help`} className="abacus-text-control__help">
					{help}
				</p>
			)}
		</div>
	);
}
