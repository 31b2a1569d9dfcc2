import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import { Plugins } from '../index.js';

describe('Plugins', () => {
	it('installs the given slugs and reports the activated ones', async () => {
		const installAndActivate = jest
			.fn()
			.mockResolvedValue({ success: true, data: { activated: ['jetpack'] } });
		const onComplete = jest.fn();
		render(
			<Plugins
				installAndActivate={installAndActivate}
				onComplete={onComplete}
				pluginSlugs={['jetpack']}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Install & enable' }));
		await waitFor(() =>
			expect(onComplete).toHaveBeenCalledWith(['jetpack'], expect.anything()),
		);
		expect(installAndActivate).toHaveBeenCalledWith(['jetpack']);
	});

	it('shows the errors with Retry and Continue without installing after a failure', async () => {
		const installAndActivate = jest
			.fn()
			.mockRejectedValueOnce({
				errors: { errors: { jetpack: ['Could not install jetpack plugin, offline'] } },
			})
			.mockResolvedValueOnce({ data: { activated: ['jetpack'] } });
		const onComplete = jest.fn();
		const onSkip = jest.fn();
		const onError = jest.fn();
		render(
			<Plugins
				installAndActivate={installAndActivate}
				onComplete={onComplete}
				onSkip={onSkip}
				onError={onError}
				pluginSlugs={['jetpack']}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Install & enable' }));
		expect(
			await screen.findByText('Could not install jetpack plugin, offline'),
		).toBeInTheDocument();
		expect(onError).toHaveBeenCalledWith(
			['Could not install jetpack plugin, offline'],
			expect.anything(),
		);
		fireEvent.click(screen.getByRole('button', { name: 'Continue without installing' }));
		expect(onSkip).toHaveBeenCalled();
		fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
		await waitFor(() =>
			expect(onComplete).toHaveBeenCalledWith(['jetpack'], expect.anything()),
		);
	});

	it('offers a custom skip text and an abort button', () => {
		const onAbort = jest.fn();
		render(
			<Plugins
				installAndActivate={jest.fn()}
				onComplete={jest.fn()}
				skipText="Maybe later"
				onAbort={onAbort}
			/>,
		);
		expect(screen.getByRole('button', { name: 'Maybe later' })).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Abort' }));
		expect(onAbort).toHaveBeenCalled();
	});

	it('shows Continue when there is nothing to install', () => {
		const onComplete = jest.fn();
		render(<Plugins installAndActivate={jest.fn()} onComplete={onComplete} pluginSlugs={[]} />);
		fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
		expect(onComplete).toHaveBeenCalledWith([], {});
	});

	it('installs on mount when autoInstall is set, without buttons', async () => {
		const installAndActivate = jest.fn().mockResolvedValue({ data: { activated: ['a', 'b'] } });
		const onComplete = jest.fn();
		render(
			<Plugins
				installAndActivate={installAndActivate}
				onComplete={onComplete}
				pluginSlugs={['a', 'b']}
				autoInstall
			/>,
		);
		expect(screen.queryByRole('button')).not.toBeInTheDocument();
		await waitFor(() => expect(onComplete).toHaveBeenCalledWith(['a', 'b'], expect.anything()));
		expect(installAndActivate).toHaveBeenCalledTimes(1);
	});
});
