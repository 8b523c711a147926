import { Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { Access } from '../../common/access.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';
import { DEMO_ACCOUNTS, type DiscordAccount } from './demo-accounts.js';

interface PendingCode {
  accountId: string;
  redirectUri: string;
  codeChallenge: string | null;
}

const CODE_TTL_SECONDS = 60;
const TOKEN_TTL_SECONDS = 3600;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A stand-in for Discord's OAuth2 authorize, token, user and guild-member endpoints, for the demo
 * and the tests (Discord cannot be reached from here). It follows Discord's wire format, codes are
 * single-use and PKCE is checked, so the real sign-in flow runs through it unchanged.
 * Mounted only when no Discord credentials are configured, and never in production.
 */
@ApiExcludeController()
@Access('public')
@Controller('discord-stand-in')
export class DiscordStandInController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('oauth2/authorize')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  authorizePage(@Query() query: Record<string, string>): string {
    const carried = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
      .join('');
    const buttons = DEMO_ACCOUNTS.map(
      (account) => `<li><button type="submit" name="account" value="${account.id}">${escapeHtml(account.username)}</button>
        <span>${escapeHtml(account.globalName)}${account.inCommunityServer ? '' : ' — not in the community server'}</span></li>`,
    ).join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Discord (stand-in)</title>
<style>body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#2b2d31;padding:2rem;border-radius:8px;max-width:28rem;width:calc(100% - 2rem)}ul{list-style:none;padding:0}li{margin:.5rem 0;display:flex;gap:1rem;align-items:center}
button{background:#5865f2;color:#fff;border:0;border-radius:4px;padding:.6rem 1rem;font-size:1rem;min-width:8rem;cursor:pointer}button:focus-visible{outline:3px solid #fff}
.cancel{background:#4e5058}</style></head>
<body><main><h1>Sign in to ${escapeHtml(this.config.leagueName)}</h1>
<p>Discord cannot be reached from this installation, so this stand-in answers for it. Choose a demo account:</p>
<form method="get" action="authorize/decision">${carried}<ul>${buttons}</ul>
<button class="cancel" type="submit" name="cancel" value="1">Cancel</button></form></main></body></html>`;
  }

  @Get('oauth2/authorize/decision')
  async decide(@Query() query: Record<string, string>, @Res() res: Response): Promise<void> {
    const redirectUri = query.redirect_uri ?? '';
    if (query.client_id !== this.config.discord.clientId || !this.isOurCallback(redirectUri)) {
      res.status(400).type('text/plain').send('Invalid OAuth2 redirect_uri or client_id');
      return;
    }
    const target = new URL(redirectUri);
    if (query.state) target.searchParams.set('state', query.state);
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.id === query.account);
    if (query.cancel || !account) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
      res.redirect(target.toString());
      return;
    }
    const code = randomBytes(24).toString('base64url');
    const pending: PendingCode = {
      accountId: account.id,
      redirectUri,
      codeChallenge: query.code_challenge_method === 'S256' ? (query.code_challenge ?? null) : null,
    };
    await this.redis.set(this.key('code', code), JSON.stringify(pending), 'EX', CODE_TTL_SECONDS);
    target.searchParams.set('code', code);
    res.redirect(target.toString());
  }

  @Post('oauth2/token')
  @HttpCode(200)
  async token(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const invalid = (error: string, description: string) => {
      res.status(400).json({ error, error_description: description });
    };
    const [basicId, basicSecret] = this.basicCredentials(req);
    const clientId = body.client_id ?? basicId;
    const clientSecret = body.client_secret ?? basicSecret;
    if (clientId !== this.config.discord.clientId || clientSecret !== this.config.discord.clientSecret) {
      res.status(401).json({ error: 'invalid_client' });
      return;
    }
    if (body.grant_type !== 'authorization_code' || !body.code) return invalid('unsupported_grant_type', 'authorization_code only');
    // GETDEL: a code is good for one exchange, whatever happens next.
    const stored = await this.redis.getdel(this.key('code', body.code));
    if (!stored) return invalid('invalid_grant', 'Invalid "code" in request.');
    const pending = JSON.parse(stored) as PendingCode;
    if (pending.redirectUri !== body.redirect_uri) return invalid('invalid_grant', 'Invalid "redirect_uri" in request.');
    if (pending.codeChallenge) {
      const verifier = body.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== pending.codeChallenge) return invalid('invalid_grant', 'Invalid "code_verifier" in request.');
    }
    const accessToken = randomBytes(24).toString('base64url');
    await this.redis.set(this.key('token', accessToken), pending.accountId, 'EX', TOKEN_TTL_SECONDS);
    res.json({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, scope: 'identify guilds.members.read' });
  }

  @Get('users/@me')
  async me(@Req() req: Request, @Res() res: Response): Promise<void> {
    const account = await this.accountFor(req);
    if (!account) {
      res.status(401).json({ message: '401: Unauthorized', code: 0 });
      return;
    }
    res.json({ id: account.id, username: account.username, global_name: account.globalName, avatar: account.avatar, banner: account.banner });
  }

  @Get('users/@me/guilds/:guildId/member')
  async member(@Param('guildId') guildId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const account = await this.accountFor(req);
    if (!account) {
      res.status(401).json({ message: '401: Unauthorized', code: 0 });
      return;
    }
    if (guildId !== this.config.discord.guildId || !account.inCommunityServer) {
      res.status(404).json({ message: 'Unknown Guild', code: 10004 });
      return;
    }
    res.json({ nick: account.nick, roles: [], user: { id: account.id, username: account.username } });
  }

  private key(kind: 'code' | 'token', value: string): string {
    return `${this.config.redisPrefix}:discord-stand-in:${kind}:${value}`;
  }

  private isOurCallback(redirectUri: string): boolean {
    return redirectUri === `${this.config.publicUrl}/api/auth/discord/callback`;
  }

  private basicCredentials(req: Request): [string | undefined, string | undefined] {
    const header = req.headers.authorization;
    if (!header?.startsWith('Basic ')) return [undefined, undefined];
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString().split(':');
    return [id ? decodeURIComponent(id) : undefined, secret ? decodeURIComponent(secret) : undefined];
  }

  private async accountFor(req: Request): Promise<DiscordAccount | undefined> {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    const accountId = await this.redis.get(this.key('token', header.slice(7)));
    return DEMO_ACCOUNTS.find((account) => account.id === accountId);
  }
}
