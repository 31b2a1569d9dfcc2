/**
 * The engine's sign-in page: what `/wp-admin/admin.php?page=abacus` shows in engine mode without
 * an operator session. A plain HTML form (no script, no settings, no nonce, nothing of any store)
 * posting the operator's name and password to `LOGIN_PATH`.
 */
import type { FastifyReply } from 'fastify';

import { pageCsp, scriptNonce } from '../http/security.js';

/** The sign-in form's address (GET shows the admin page, which is the form without a session). */
export const LOGIN_PATH = '/wp-admin/abacus-login';

/** What the sign-in page shows after a failed attempt. */
export interface LoginProblem {
	status: number;
	message: string;
	name: string;
	retryAfter?: number;
}

function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f0f0f1;color:#1e1e1e;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Oxygen-Sans,Ubuntu,Cantarell,"Helvetica Neue",sans-serif}
main{width:100%;max-width:380px;padding:24px 16px}
h1{margin:0 0 8px;font-size:24px;font-weight:600;text-align:center}
.intro{margin:0 0 24px;text-align:center;color:#50575e;font-size:14px}
form{background:#fff;border:1px solid #dcdcde;border-radius:4px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.04)}
label{display:block;margin:0 0 4px;font-weight:600;font-size:14px}
input{display:block;width:100%;margin:0 0 16px;padding:8px 12px;font-size:16px;border:1px solid #8c8f94;border-radius:4px;min-height:44px}
input:focus{outline:2px solid #3858e9;outline-offset:1px;border-color:#3858e9}
button{width:100%;min-height:44px;padding:8px 16px;font-size:16px;font-weight:600;color:#fff;background:#3858e9;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#2145e6}
button:focus-visible{outline:2px solid #1e1e1e;outline-offset:2px}
.error{margin:0 0 16px;padding:12px;border-left:4px solid #cc1818;background:#fcf0f1;font-size:14px}
`;

/** Sends the sign-in page (with the problem of a failed attempt, if any). */
export function sendLoginPage(reply: FastifyReply, problem?: LoginProblem): FastifyReply {
	const nonce = scriptNonce();
	const error = problem
		? `<p class="error" role="alert" id="login-error">${escapeHtml(problem.message)}</p>`
		: '';
	const described = problem ? ' aria-describedby="login-error"' : '';
	const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in ‹ Abacus engine</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Abacus engine</h1>
<p class="intro">Sign in with an operator account (<code>npm run operator -- add NAME</code> on the engine's host).</p>
<form method="post" action="${LOGIN_PATH}">
${error}<label for="username">Operator name</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${escapeHtml(problem?.name ?? '')}"${described}${problem ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${described}${problem ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
	return reply
		.status(problem?.status ?? 200)
		.type('text/html; charset=utf-8')
		.header('Cache-Control', 'no-store')
		.header('Content-Security-Policy', pageCsp(nonce))
		.send(html);
}
