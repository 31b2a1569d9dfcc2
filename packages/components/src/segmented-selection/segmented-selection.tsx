import clsx from 'clsx';
import { useId } from 'react';

import './style.scss';

export interface SegmentedSelectionProps {
	/** Choices; entries without value or label are skipped. Required. */
	options: Array<{ value?: string; label?: string }>;
	/** Called with the chosen value. Required. */
	onSelect: (value: string) => void;
	/** Name of the radio group. Required. */
	name: string;
	/** Legend of the fieldset (read by screen readers). Required. */
	legend: string;
	/** The selected value. */
	selected?: string;
	className?: string;
}

/** A fieldset of radio buttons styled as segments. */
export function SegmentedSelection({
	options,
	onSelect,
	name,
	legend,
	selected,
	className,
}: SegmentedSelectionProps) {
	const id = useId();
	return (
		<fieldset className={clsx('abacus-segmented-selection', className)}>
			<legend className="screen-reader-text">{legend}</legend>
			<div className="abacus-segmented-selection__container">
				{options
					.filter((o): o is { value: string; label: string } =>
						Boolean(o.value && o.label),
					)
					.map(({ value, label }) => {
						const inputId = `${id}-${value}`;
						return (
							<div key={value} className="abacus-segmented-selection__item">
								<input
									className="abacus-segmented-selection__input"
									type="radio"
									name={name}
									id={inputId}
									value={value}
									checked={selected === value}
									onChange={() => onSelect(value)}
								/>
								<label
									htmlFor={inputId}
									className="abacus-segmented-selection__label"
								>
									{label}
								</label>
							</div>
						);
					})}
			</div>
		</fieldset>
	);
}
