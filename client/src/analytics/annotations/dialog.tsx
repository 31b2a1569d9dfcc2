/**
 * The dialog that adds or changes a note on a chart: its first and last day, its text (with the
 * characters left) and an optional link. What the route refuses is said beside the field.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Modal, Notice, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import {
	annotationErrorOf,
	createAnnotation,
	MAX_NOTE_LENGTH,
	updateAnnotation,
	type Annotation,
	type AnnotationInput,
} from './data.js';

export interface AnnotationDialogProps {
	/** The note to change, or the fields a new note starts with. */
	note: (AnnotationInput & { id?: number }) | Annotation;
	onClose: () => void;
	/** Called with the saved note (the dialog then closes). */
	onSaved?: (note: Annotation) => void;
}

export function AnnotationDialog({ note, onClose, onSaved }: AnnotationDialogProps) {
	const [fields, setFields] = useState<AnnotationInput>({
		date_from: note.date_from,
		date_to: note.date_to,
		text: note.text,
		url: note.url,
	});
	const [errors, setErrors] = useState<Partial<Record<keyof AnnotationInput, string>>>({});
	const [message, setMessage] = useState<string | null>(null);
	const [isSaving, setIsSaving] = useState(false);
	const isNew = note.id === undefined;
	const formRef = useRef<HTMLFormElement>(null);
	// After a refused save, the focus goes to the first field in error (the save button was
	// disabled while saving, so the focus would otherwise be lost).
	useEffect(() => {
		if (Object.values(errors).some(Boolean)) {
			formRef.current?.querySelector<HTMLInputElement>('.has-error input')?.focus();
		}
	}, [errors]);
	const set = (name: keyof AnnotationInput) => (value: string) => {
		setFields((current) => ({ ...current, [name]: value }));
		setErrors((current) => ({ ...current, [name]: undefined }));
	};
	const left = MAX_NOTE_LENGTH - [...fields.text].length;

	async function submit(event: FormEvent) {
		event.preventDefault();
		const local: Partial<Record<keyof AnnotationInput, string>> = {};
		if (fields.text.trim() === '') local.text = __('Write the note.', 'abacus');
		if (left < 0) {
			local.text = sprintf(
				/* translators: %d: longest note */
				__('The note must be at most %d characters.', 'abacus'),
				MAX_NOTE_LENGTH,
			);
		}
		if (fields.date_to !== '' && fields.date_to < fields.date_from) {
			local.date_to = __('The last day must be on or after the first day.', 'abacus');
		}
		if (Object.keys(local).length > 0) {
			setErrors(local);
			return;
		}
		setIsSaving(true);
		setMessage(null);
		const input = { ...fields, date_to: fields.date_to || fields.date_from };
		try {
			const saved =
				note.id === undefined
					? await createAnnotation(input)
					: await updateAnnotation(note.id, input);
			setIsSaving(false);
			onSaved?.(saved);
			onClose();
		} catch (error) {
			setIsSaving(false);
			const problem = annotationErrorOf(error);
			setErrors(problem.fields);
			setMessage(problem.message);
		}
	}

	return (
		<Modal
			title={isNew ? __('Add a note', 'abacus') : __('Edit note', 'abacus')}
			onRequestClose={onClose}
			className="abacus-annotation-dialog"
		>
			<form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
				{message ? (
					<Notice status="error" isDismissible={false}>
						{message}
					</Notice>
				) : null}
				<div className="abacus-annotation-dialog__dates">
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="date"
						label={__('First day', 'abacus')}
						value={fields.date_from}
						onChange={set('date_from')}
						help={errors.date_from}
						className={errors.date_from ? 'has-error' : undefined}
						required
					/>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="date"
						label={__('Last day (for a range)', 'abacus')}
						value={fields.date_to}
						min={fields.date_from}
						onChange={set('date_to')}
						help={errors.date_to}
						className={errors.date_to ? 'has-error' : undefined}
					/>
				</div>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={__('Note', 'abacus')}
					value={fields.text}
					onChange={set('text')}
					placeholder={__('e.g. Spring sale e-mail sent', 'abacus')}
					help={
						errors.text ??
						sprintf(
							/* translators: %d: characters the note may still have */
							__(
								'%d characters left. Everyone who can see the reports sees it.',
								'abacus',
							),
							left,
						)
					}
					className={errors.text ? 'has-error' : undefined}
					required
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="url"
					label={__('Link (optional)', 'abacus')}
					value={fields.url}
					onChange={set('url')}
					placeholder="https://"
					help={
						errors.url ??
						__('A web address starting with https:// or http://.', 'abacus')
					}
					className={errors.url ? 'has-error' : undefined}
				/>
				<div className="abacus-annotation-dialog__actions">
					<Button variant="tertiary" onClick={onClose}>
						{__('Cancel', 'abacus')}
					</Button>
					<Button variant="primary" type="submit" isBusy={isSaving} disabled={isSaving}>
						{isNew ? __('Add note', 'abacus') : __('Save note', 'abacus')}
					</Button>
				</div>
			</form>
		</Modal>
	);
}
