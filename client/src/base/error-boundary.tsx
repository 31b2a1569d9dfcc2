/**
 * Keeps a page from going blank: a render error shows what went wrong and a Retry button that
 * renders the children again.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

interface Props {
	children: ReactNode;
	/** When this changes (e.g. the page path) a shown error is cleared. */
	resetKey?: string;
}

interface State {
	error: Error | null;
	resetKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
	override state: State = { error: null, resetKey: this.props.resetKey };

	static getDerivedStateFromError(error: Error): Partial<State> {
		return { error };
	}

	static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
		if (props.resetKey !== state.resetKey) {
			return { error: null, resetKey: props.resetKey };
		}
		return null;
	}

	override componentDidCatch(error: Error, info: ErrorInfo): void {
		console.error(error, info.componentStack);
	}

	retry = () => this.setState({ error: null });

	override render() {
		if (!this.state.error) {
			return this.props.children;
		}
		return (
			<div className="abacus-error-boundary" role="alert">
				<Notice status="error" isDismissible={false}>
					<p>
						<strong>{__('This page ran into a problem.', 'abacus')}</strong>
					</p>
					<p>{this.state.error.message}</p>
					<Button variant="primary" onClick={this.retry}>
						{__('Retry', 'abacus')}
					</Button>
				</Notice>
			</div>
		);
	}
}
