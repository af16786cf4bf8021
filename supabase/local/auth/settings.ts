// GoTrue's public endpoints that describe the service: /health, /settings (which sign-in methods
// are on) and /.well-known/jwks.json.
import type { Reply } from '../shared/http';
import type { AuthContext } from './context';

const EXTERNAL_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
  'phone',
];

/** GET /health */
export async function health(): Promise<Reply> {
  return {
    status: 200,
    body: { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' },
  };
}

/** GET /settings: e-mail on, every external provider and phone off, anonymous sign-ins as config.toml says. */
export async function settings(ctx: AuthContext): Promise<Reply> {
  const external = Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => [name, false]));
  return {
    status: 200,
    body: {
      external: { ...external, anonymous_users: ctx.settings.enableAnonymousSignIns, email: true },
      disable_signup: false,
      mailer_autoconfirm: ctx.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    },
  };
}

/** GET /.well-known/jwks.json: GoTrue publishes asymmetric keys only; an HS256 secret is never exposed. */
export async function jwks(): Promise<Reply> {
  return { status: 200, headers: { 'cache-control': 'public, max-age=600' }, body: { keys: [] } };
}
