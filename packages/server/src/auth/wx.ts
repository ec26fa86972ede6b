/** Turns the code a messaging-app (WeChat) sign-in hands back into the user's openid. */
export interface WxIdentityProvider {
  /** The openid for the code, or null when the provider refuses it. */
  openIdFor(wxCode: string): Promise<string | null>;
}

export interface WxOAuthOptions {
  appId: string;
  secret: string;
  /** @default 'https://api.weixin.qq.com' */
  baseUrl?: string;
  /** @default 5000 */
  timeoutMs?: number;
}

/** The real provider: exchanges the code at the WeChat OAuth access-token endpoint. */
export function createWxOAuthProvider(options: WxOAuthOptions): WxIdentityProvider {
  const base = (options.baseUrl ?? 'https://api.weixin.qq.com').replace(/\/$/, '');
  return {
    async openIdFor(wxCode) {
      const url = new URL(`${base}/sns/oauth2/access_token`);
      url.searchParams.set('appid', options.appId);
      url.searchParams.set('secret', options.secret);
      url.searchParams.set('code', wxCode);
      url.searchParams.set('grant_type', 'authorization_code');
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return null;
        const body = (await response.json()) as { openid?: unknown; errcode?: unknown };
        return typeof body.openid === 'string' && body.openid !== '' && !body.errcode
          ? body.openid
          : null;
      } catch {
        return null;
      }
    },
  };
}

const DEV_PREFIX = 'dev:';

/** For development only: the code `dev:<openid>` stands for that openid. */
export function createDevWxProvider(): WxIdentityProvider {
  return {
    async openIdFor(wxCode) {
      const openId = wxCode.startsWith(DEV_PREFIX) ? wxCode.slice(DEV_PREFIX.length) : '';
      return /^[A-Za-z0-9_-]{1,64}$/.test(openId) ? openId : null;
    },
  };
}
