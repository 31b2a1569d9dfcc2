import { fireEvent, render, screen } from '@testing-library/react';

import { Form } from '../index.js';

type Values = { email: string };
const validate = (values: Values): Record<string, string> =>
	values.email.includes('@') ? {} : { email: 'Enter an e-mail address.' };

function renderForm(onSubmit = jest.fn(), onChange = jest.fn()) {
	render(
		<Form<Values>
			initialValues={{ email: '' }}
			validate={validate}
			onSubmit={onSubmit}
			onChange={onChange}
		>
			{({ getInputProps, handleSubmit, isValidForm }) => {
				const input = getInputProps('email');
				return (
					<div>
						<label>
							E-mail
							<input
								value={String(input.value)}
								onChange={input.onChange}
								onBlur={input.onBlur}
							/>
						</label>
						{input.help && <p role="alert">{input.help}</p>}
						<span>{isValidForm ? 'valid' : 'invalid'}</span>
						<button onClick={handleSubmit}>Save</button>
					</div>
				);
			}}
		</Form>,
	);
	return { onSubmit, onChange };
}

describe('Form', () => {
	it('validates on mount without showing errors for untouched fields', () => {
		renderForm();
		expect(screen.getByText('invalid')).toBeInTheDocument();
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('submit marks fields touched and does not call back while there are errors', () => {
		const { onSubmit } = renderForm();
		fireEvent.click(screen.getByRole('button', { name: 'Save' }));
		expect(screen.getByRole('alert')).toHaveTextContent('Enter an e-mail address.');
		expect(onSubmit).not.toHaveBeenCalled();
	});

	it('validates on every change and submits valid values', () => {
		const { onSubmit, onChange } = renderForm();
		fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jo@example.com' } });
		expect(screen.getByText('valid')).toBeInTheDocument();
		expect(onChange).toHaveBeenCalledWith(
			{ name: 'email', value: 'jo@example.com' },
			{ email: 'jo@example.com' },
			true,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Save' }));
		expect(onSubmit).toHaveBeenCalledWith({ email: 'jo@example.com' });
	});
});
