import { render, screen } from '@testing-library/react';

import { H, Section } from '../index.js';

describe('H and Section', () => {
	it('renders deeper headings inside each Section', () => {
		render(
			<>
				<H>Top</H>
				<Section component="section">
					<H>Inner</H>
					<Section component={false}>
						<H>Deepest</H>
					</Section>
				</Section>
			</>,
		);
		expect(screen.getByRole('heading', { level: 2, name: 'Top' })).toBeInTheDocument();
		expect(screen.getByRole('heading', { level: 3, name: 'Inner' })).toBeInTheDocument();
		expect(screen.getByRole('heading', { level: 4, name: 'Deepest' })).toBeInTheDocument();
	});

	it('stops at h6', () => {
		render(
			<Section>
				<Section>
					<Section>
						<Section>
							<Section>
								<H>Deep</H>
							</Section>
						</Section>
					</Section>
				</Section>
			</Section>,
		);
		expect(screen.getByRole('heading', { level: 6, name: 'Deep' })).toBeInTheDocument();
	});
});
