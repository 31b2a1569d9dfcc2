import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
	type ChangeEvent,
	type ReactNode,
} from 'react';

export type FormValues = Record<string, unknown>;
export type FormErrors = Record<string, string>;
export type FormTouched = Record<string, boolean>;

/** What the render function receives. */
export interface FormContext<V extends FormValues> {
	values: V;
	errors: FormErrors;
	touched: FormTouched;
	setTouched: (name: keyof V & string, isTouched?: boolean) => void;
	setValue: (name: keyof V & string, value: unknown) => void;
	handleSubmit: () => void;
	/** Props for an input: value, checked, onChange, onBlur, className and help (the error once touched). */
	getInputProps: (name: keyof V & string) => {
		value: unknown;
		checked: boolean;
		selected: unknown;
		onChange: (valueOrEvent: unknown) => void;
		onBlur: () => void;
		className: string;
		help: string | null;
	};
	isValidForm: boolean;
	resetForm: (values?: V) => void;
}

export interface FormProps<V extends FormValues> {
	/** Renders the form from its state. Required. */
	children: (form: FormContext<V>) => ReactNode;
	/** Initial values. Default {}. */
	initialValues?: V;
	/** Initial errors. Default {}. */
	errors?: FormErrors;
	/** Initially touched fields. Default {}. */
	touched?: FormTouched;
	/** Returns the errors of the values (empty when valid). Runs on mount and on every change. */
	validate?: (values: V) => FormErrors;
	/** Called with the values on a submit without errors. */
	onSubmit?: (values: V) => void;
	/** Called with the changed field, the new values and whether they are valid. */
	onChange?: (change: { name: string; value: unknown }, values: V, isValid: boolean) => void;
}

function readValue(valueOrEvent: unknown): unknown {
	if (valueOrEvent && typeof valueOrEvent === 'object' && 'target' in valueOrEvent) {
		const target = (valueOrEvent as ChangeEvent<HTMLInputElement>).target;
		return target.type === 'checkbox' ? target.checked : target.value;
	}
	return valueOrEvent;
}

/**
 * Form state without markup: values, errors and touched fields. Validates on mount and on every
 * change; submit marks every field touched and calls onSubmit only when there are no errors.
 */
export function Form<V extends FormValues>({
	children,
	initialValues = {} as V,
	errors: initialErrors = {},
	touched: initialTouched = {},
	validate,
	onSubmit,
	onChange,
}: FormProps<V>) {
	const [values, setValues] = useState<V>(initialValues);
	const [errors, setErrors] = useState<FormErrors>(initialErrors);
	const [touched, setTouchedState] = useState<FormTouched>(initialTouched);
	const validateRef = useRef(validate);
	validateRef.current = validate;

	const runValidation = useCallback((next: V): FormErrors => {
		const found = validateRef.current?.(next) ?? {};
		setErrors(found);
		return found;
	}, []);

	useEffect(() => {
		runValidation(values);
		// Validate once on mount; later validations happen on change.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, []);

	const setValue = useCallback(
		(name: keyof V & string, value: unknown) => {
			setValues((previous) => {
				const next = { ...previous, [name]: value } as V;
				const found = runValidation(next);
				onChange?.({ name, value }, next, Object.keys(found).length === 0);
				return next;
			});
		},
		[onChange, runValidation],
	);

	const setTouched = useCallback((name: keyof V & string, isTouched = true) => {
		setTouchedState((previous) => ({ ...previous, [name]: isTouched }));
	}, []);

	const handleSubmit = useCallback(() => {
		const allTouched: FormTouched = {};
		for (const key of Object.keys(values)) allTouched[key] = true;
		setTouchedState((previous) => ({ ...previous, ...allTouched }));
		const found = runValidation(values);
		if (Object.keys(found).length === 0) onSubmit?.(values);
	}, [values, onSubmit, runValidation]);

	const resetForm = useCallback(
		(next: V = initialValues) => {
			setValues(next);
			setTouchedState({});
			runValidation(next);
		},
		[initialValues, runValidation],
	);

	const context = useMemo<FormContext<V>>(
		() => ({
			values,
			errors,
			touched,
			setTouched,
			setValue,
			handleSubmit,
			resetForm,
			isValidForm: Object.keys(errors).length === 0,
			getInputProps: (name) => ({
				value: values[name],
				checked: Boolean(values[name]),
				selected: values[name],
				onChange: (valueOrEvent: unknown) => setValue(name, readValue(valueOrEvent)),
				onBlur: () => setTouched(name),
				className: touched[name] && errors[name] ? 'has-error' : '',
				help: touched[name] && errors[name] ? errors[name] : null,
			}),
		}),
		[values, errors, touched, setTouched, setValue, handleSubmit, resetForm],
	);

	return <>{children(context)}</>;
}
