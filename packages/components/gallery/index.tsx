/**
 * The component gallery: every @abacus/components export in its states (loading, empty, error,
 * comparison...). The standalone server serves it at /abacus-gallery/.
 */
import { createRoot } from 'react-dom/client';

import { filterSections } from './filters.js';
import { helperSections } from './helpers.js';
import { reportSections } from './report.js';
import type { GallerySection } from './types.js';
import '@wordpress/components/build-style/style.css';
import './style.scss';

const sections: GallerySection[] = [...reportSections, ...filterSections, ...helperSections].sort(
	(a, b) => a.title.localeCompare(b.title),
);

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function Gallery() {
	return (
		<div className="abacus-gallery">
			<header className="abacus-gallery__header">
				<h1>Abacus components</h1>
				<nav aria-label="Components">
					<ul>
						{sections.map((s) => (
							<li key={s.title}>
								<a href={`#${slug(s.title)}`}>{s.title}</a>
							</li>
						))}
					</ul>
				</nav>
			</header>
			<main>
				{sections.map((section) => (
					<section
						key={section.title}
						id={slug(section.title)}
						className="abacus-gallery__section"
					>
						<h2>{section.title}</h2>
						<div className="abacus-gallery__states">
							{Object.entries(section.states).map(([state, node]) => (
								<figure key={state} className="abacus-gallery__state">
									<figcaption>{state}</figcaption>
									<div className="abacus-gallery__example">{node}</div>
								</figure>
							))}
						</div>
					</section>
				))}
			</main>
		</div>
	);
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<Gallery />);
