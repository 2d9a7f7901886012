export { AuthService, type AuthView, type SignInHandle, type AuthServiceOptions, type ConnectionControl } from './auth-service';
export { OAuthStore } from './oauth-store';
export { AuthorizationServerError, MAX_AUTHORIZATION_ROUNDS, type BrowserOpener } from './sign-in';
