/**
 * The store picker of the Stores report: a dropdown listing the served stores by currency, each a
 * checkbox. Stores are added up in one currency, so ticking a store of another currency starts a
 * new selection (said under the list); the last chosen store cannot be unticked.
 */
import { Button, CheckboxControl, Dropdown } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { MAX_CHOSEN, toggleStore, type ServedStore } from './data.js';

interface Props {
	served: readonly ServedStore[];
	chosen: readonly ServedStore[];
	onChange: (stores: ServedStore[]) => void;
}

export function StorePicker({ served, chosen, onChange }: Props) {
	const currencies = [...new Set(served.map((store) => store.currency))];
	const chosenIds = new Set(chosen.map((store) => store.id));
	const summary =
		chosen.length === 1
			? chosen[0].name
			: sprintf(
					/* translators: 1: number of chosen stores, 2: number of served stores */
					_n('%1$d of %2$d store', '%1$d of %2$d stores', served.length, 'abacus'),
					chosen.length,
					served.length,
				);
	return (
		<div className="abacus-stores-picker">
			<span className="abacus-stores-picker__label" id="abacus-stores-picker-label">
				{__('Stores', 'abacus')}
			</span>
			<Dropdown
				popoverProps={{ placement: 'bottom-start' }}
				renderToggle={({ isOpen, onToggle }) => (
					<Button
						variant="secondary"
						className="abacus-stores-picker__toggle"
						onClick={onToggle}
						aria-expanded={isOpen}
						aria-describedby="abacus-stores-picker-label"
					>
						{summary}
					</Button>
				)}
				renderContent={() => (
					<div className="abacus-stores-picker__content">
						{currencies.map((currency) => {
							const ofCurrency = served.filter(
								(store) => store.currency === currency,
							);
							return (
								<fieldset key={currency} className="abacus-stores-picker__group">
									<legend>
										{sprintf(
											/* translators: %s: currency code, e.g. EUR */
											__('Stores selling in %s', 'abacus'),
											currency,
										)}
									</legend>
									{ofCurrency.map((store) => (
										<CheckboxControl
											key={store.id}
											__nextHasNoMarginBottom
											label={store.name}
											help={store.time_zone}
											checked={chosenIds.has(store.id)}
											onChange={(checked: boolean) =>
												onChange(toggleStore(chosen, store, checked))
											}
										/>
									))}
									{ofCurrency.length > 1 ? (
										<Button
											variant="link"
											onClick={() =>
												onChange(ofCurrency.slice(0, MAX_CHOSEN))
											}
										>
											{sprintf(
												/* translators: %s: currency code */
												__('Choose every store in %s', 'abacus'),
												currency,
											)}
										</Button>
									) : null}
								</fieldset>
							);
						})}
						{currencies.length > 1 ? (
							<p className="abacus-stores-picker__note">
								{__(
									'Sales are added up in one currency: choosing a store in another currency starts a new selection.',
									'abacus',
								)}
							</p>
						) : null}
					</div>
				)}
			/>
		</div>
	);
}
