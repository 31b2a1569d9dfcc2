import { fireEvent, render, screen } from '@testing-library/react';

import { DynamicForm } from '../index.js';

describe('DynamicForm', () => {
	it('builds inputs from fields keyed by id and submits their values', () => {
		const onSubmit = jest.fn();
		render(
			<DynamicForm
				onSubmit={onSubmit}
				fields={{
					title: {
						id: 'title',
						type: 'text',
						label: 'Title',
						value: 'Direct bank transfer',
					},
					enabled: { id: 'enabled', type: 'checkbox', label: 'Enable', value: 'yes' },
					mode: {
						id: 'mode',
						type: 'select',
						label: 'Mode',
						options: { live: 'Live', test: 'Test' },
						default: 'test',
					},
				}}
			/>,
		);
		expect(screen.getByRole('checkbox', { name: 'Enable' })).toBeChecked();
		fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
			target: { value: 'Bank' },
		});
		fireEvent.change(screen.getByRole('combobox', { name: 'Mode' }), {
			target: { value: 'live' },
		});
		fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
		expect(onSubmit).toHaveBeenCalledWith({ title: 'Bank', enabled: true, mode: 'live' });
	});

	it('does not submit while validation fails, and shows the error', () => {
		const onSubmit = jest.fn();
		render(
			<DynamicForm
				onSubmit={onSubmit}
				submitLabel="Save"
				validate={(v): Record<string, string> =>
					v.key ? {} : { key: 'Please enter your API key.' }
				}
				fields={[{ id: 'key', type: 'password', label: 'API key' }]}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Save' }));
		expect(onSubmit).not.toHaveBeenCalled();
		expect(screen.getByText('Please enter your API key.')).toBeInTheDocument();
	});
});
