export interface SpinnerProps {
	className?: string;
}
