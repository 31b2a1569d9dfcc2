import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';

import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import './style.scss';

/** What an install-and-activate call answers. */
export interface PluginsInstallResponse {
	success?: boolean;
	data?: { activated?: string[]; installed?: string[]; [key: string]: unknown };
	errors?: { errors?: Record<string, string[]> };
	message?: string;
}

export interface PluginsProps {
	/** Installs and activates slugs; resolves with the response or rejects with an error response. Required. */
	installAndActivate: (slugs: string[]) => Promise<PluginsInstallResponse>;
	/** Called with the activated slugs and the response on success. Required. */
	onComplete: (activated: string[], response: PluginsInstallResponse) => void;
	/** Called with the error messages and the response on failure. */
	onError?: (errors: string[], response: PluginsInstallResponse) => void;
	/** Called when the person declines (or continues without installing). */
	onSkip?: () => void;
	/** Label of the skip button. Default 'No thanks'. */
	skipText?: string;
	/** Shows an Abort button when given. */
	onAbort?: () => void;
	/** Label of the abort button. Default 'Abort'. */
	abortText?: string;
	/** Install on mount instead of waiting for a click. Default false. */
	autoInstall?: boolean;
	/** Plugins to install. Default ['jetpack', 'woocommerce-services']. */
	pluginSlugs?: string[];
	className?: string;
}

type Status = 'idle' | 'requesting' | 'success' | 'error';

/** Error messages of a failed response, flattened. */
export function getInstallErrors(response: PluginsInstallResponse): string[] {
	const grouped = response.errors?.errors ?? {};
	const messages = Object.values(grouped).flat();
	if (messages.length) return messages;
	return [response.message ?? __('The plugins could not be installed.', 'abacus')];
}

/**
 * The plugin installer prompt: Install & enable / No thanks (/ Abort); Retry and Continue without
 * installing after a failure; Continue when there is nothing to install.
 */
export function Plugins({
	installAndActivate,
	onComplete,
	onError,
	onSkip,
	skipText,
	onAbort,
	abortText,
	autoInstall = false,
	pluginSlugs = ['jetpack', 'woocommerce-services'],
	className,
}: PluginsProps) {
	const [status, setStatus] = useState<Status>('idle');
	const [errors, setErrors] = useState<string[]>([]);
	const isMounted = useRef(true);
	useEffect(
		() => () => {
			isMounted.current = false;
		},
		[],
	);

	const install = useCallback(async () => {
		setStatus('requesting');
		setErrors([]);
		try {
			const response = await installAndActivate(pluginSlugs);
			if (!isMounted.current) return;
			if (response.errors?.errors && Object.keys(response.errors.errors).length) {
				throw response;
			}
			setStatus('success');
			onComplete(response.data?.activated ?? [], response);
		} catch (caught) {
			if (!isMounted.current) return;
			const response: PluginsInstallResponse =
				caught instanceof Error
					? { message: caught.message }
					: (caught as PluginsInstallResponse);
			const messages = getInstallErrors(response);
			setErrors(messages);
			setStatus('error');
			onError?.(messages, response);
		}
	}, [installAndActivate, pluginSlugs, onComplete, onError]);

	const started = useRef(false);
	useEffect(() => {
		if (autoInstall && !started.current && pluginSlugs.length) {
			started.current = true;
			void install();
		}
	}, [autoInstall, install, pluginSlugs.length]);

	if (pluginSlugs.length === 0) {
		return (
			<div className={clsx('abacus-plugins', className)}>
				<Button variant="primary" onClick={() => onComplete([], {})}>
					{__('Continue', 'abacus')}
				</Button>
			</div>
		);
	}

	if (status === 'error') {
		return (
			<div className={clsx('abacus-plugins', 'is-error', className)}>
				<Notice status="error" isDismissible={false}>
					{errors.map((message) => (
						<p key={message}>{message}</p>
					))}
				</Notice>
				<div className="abacus-plugins__actions">
					<Button variant="primary" onClick={() => void install()}>
						{__('Retry', 'abacus')}
					</Button>
					<Button variant="tertiary" onClick={() => onSkip?.()}>
						{__('Continue without installing', 'abacus')}
					</Button>
				</div>
			</div>
		);
	}

	if (autoInstall) {
		return status === 'requesting' ? (
			<p className={clsx('abacus-plugins', className)} role="status">
				{__('Installing and enabling plugins…', 'abacus')}
			</p>
		) : null;
	}

	const isRequesting = status === 'requesting';
	return (
		<div className={clsx('abacus-plugins', className)}>
			<div className="abacus-plugins__actions">
				<Button
					variant="primary"
					isBusy={isRequesting}
					disabled={isRequesting || status === 'success'}
					aria-disabled={isRequesting || status === 'success'}
					onClick={() => void install()}
				>
					{__('Install & enable', 'abacus')}
				</Button>
				<Button variant="tertiary" disabled={isRequesting} onClick={() => onSkip?.()}>
					{skipText ?? __('No thanks', 'abacus')}
				</Button>
				{onAbort && (
					<Button variant="tertiary" disabled={isRequesting} onClick={onAbort}>
						{abortText ?? __('Abort', 'abacus')}
					</Button>
				)}
			</div>
			{isRequesting && (
				<span className="screen-reader-text" role="status">
					{__('Installing and enabling plugins…', 'abacus')}
				</span>
			)}
		</div>
	);
}
