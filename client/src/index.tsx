import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (container) {
	createRoot(container).render(<div className="abacus-app">Abacus</div>);
}
