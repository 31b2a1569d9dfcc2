import clsx from 'clsx';
import { useMemo } from 'react';

import { Button, CheckboxControl, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { Form, type FormErrors, type FormValues } from '../form/form.js';
import { TextControl } from '../text-control/text-control.js';

export interface DynamicField {
	id: string;
	type: 'text' | 'password' | 'checkbox' | 'select';
	title?: string;
	label?: string;
	description?: string;
	default?: string;
	/** Choices of a select: value → label. */
	options?: Record<string, string>;
	tip?: string;
	/** Current value; for a checkbox 'yes' means checked. */
	value?: string | boolean;
	placeholder?: string;
}

export interface DynamicFormProps {
	/** Fields as a list or keyed by id (e.g. a payment gateway's settings). */
	fields: DynamicField[] | Record<string, DynamicField>;
	/** Extra validation; required-ness is up to the caller. */
	validate?: (values: FormValues) => FormErrors;
	/** Disables the submit button and shows it busy. Default false. */
	isBusy?: boolean;
	onSubmit?: (values: FormValues) => void;
	onChange?: (
		change: { name: string; value: unknown },
		values: FormValues,
		isValid: boolean,
	) => void;
	/** Label of the submit button. Default 'Proceed'. */
	submitLabel?: string;
	className?: string;
}

function initialValue(field: DynamicField): string | boolean {
	if (field.type === 'checkbox') return field.value === true || field.value === 'yes';
	return String(field.value ?? field.default ?? '');
}

/** A form built from field descriptions (text, password, checkbox, select), e.g. gateway settings. */
export function DynamicForm({
	fields,
	validate,
	isBusy = false,
	onSubmit,
	onChange,
	submitLabel,
	className,
}: DynamicFormProps) {
	const list = useMemo(() => (Array.isArray(fields) ? fields : Object.values(fields)), [fields]);
	const initialValues = useMemo(
		() => Object.fromEntries(list.map((f) => [f.id, initialValue(f)])),
		[list],
	);
	return (
		<Form
			initialValues={initialValues}
			validate={validate}
			onSubmit={onSubmit}
			onChange={onChange}
		>
			{({ getInputProps, handleSubmit, values, setValue }) => (
				<form
					className={clsx('abacus-dynamic-form', className)}
					onSubmit={(event) => {
						event.preventDefault();
						handleSubmit();
					}}
				>
					{list.map((field) => {
						const props = getInputProps(field.id);
						const label = field.label ?? field.title ?? field.id;
						if (field.type === 'checkbox') {
							return (
								<CheckboxControl
									key={field.id}
									label={label}
									help={field.description}
									checked={Boolean(values[field.id])}
									onChange={(checked: boolean) => setValue(field.id, checked)}
								/>
							);
						}
						if (field.type === 'select') {
							return (
								<SelectControl
									key={field.id}
									label={label}
									help={props.help ?? field.description}
									value={String(values[field.id] ?? '')}
									options={Object.entries(field.options ?? {}).map(
										([value, text]) => ({ value, label: text }),
									)}
									onChange={(value: string) => setValue(field.id, value)}
									__nextHasNoMarginBottom
									__next40pxDefaultSize
								/>
							);
						}
						return (
							<TextControl
								key={field.id}
								label={label}
								type={field.type}
								placeholder={field.placeholder}
								value={String(values[field.id] ?? '')}
								onChange={(value) => setValue(field.id, value)}
								onBlur={props.onBlur}
								help={props.help ?? field.description ?? field.tip}
								className={props.className}
							/>
						);
					})}
					<Button
						variant="primary"
						type="submit"
						isBusy={isBusy}
						disabled={isBusy}
						accessibleWhenDisabled
					>
						{submitLabel ?? __('Proceed', 'abacus')}
					</Button>
				</form>
			)}
		</Form>
	);
}
