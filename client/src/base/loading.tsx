import { Spinner } from '@wordpress/components';

/** Loading state of a helper screen, announced to screen readers. */
export function Loading({ label }: { label: string }) {
	return (
		<div className="abacus-helpers__loading" role="status" aria-live="polite">
			<Spinner />
			<span>{label}</span>
		</div>
	);
}
