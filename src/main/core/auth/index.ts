export {
  AuthService,
  type AuthView,
  type SignInHandle,
  type AuthServiceOptions,
  type ConnectionControl,
} from './auth-service';
export { OAUTH_TOKENS_FILE_NAME, OAuthStore } from './oauth-store';
export { AuthorizationServerError, MAX_AUTHORIZATION_ROUNDS, type BrowserOpener } from './sign-in';
