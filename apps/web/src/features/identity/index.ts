// Identity's public face: the account steps the checkout shows and the calls the account pages make.
// Its own pages (sign-in, reset password, verify email, security) are loaded by the router directly.
export { sendEmailVerification, updatePassword } from './api/auth';
export { setMarketing, signOut } from './api/identity-actions';
export { AccountSelector } from './components/account-selector';
export { AccountSummary } from './components/account-summary';
export { AccountTypeConfirmation } from './components/account-type-confirmation';
export { CreateAccountForm } from './components/create-account-form';
export { usePasswordPolicy } from './password-policy';
export { leaveSignInNotice } from './sign-in-notice';
