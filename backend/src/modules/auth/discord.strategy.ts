import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-oauth2';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DiscordClient, type DiscordUser } from '../../infra/discord/discord-client.js';
import { UsersService } from '../users/index.js';

export interface SessionUser {
  id: number;
}

/** Why a Discord account was turned away; the callback sends such users to `/?authFailed=true`. */
export interface SignInRefusal {
  message: string;
  refused: true;
}

/**
 * Discord's OAuth2 authorization-code flow with `state` and PKCE kept in the session (passport-oauth2,
 * not passport-discord, so the Discord base URLs stay configuration and the stand-in can answer).
 */
@Injectable()
export class DiscordStrategy extends PassportStrategy(Strategy, 'discord') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly discord: DiscordClient,
    private readonly users: UsersService,
  ) {
    super({
      authorizationURL: config.discord.authorizeUrl,
      tokenURL: `${config.discord.apiUrl}/oauth2/token`,
      clientID: config.discord.clientId,
      clientSecret: config.discord.clientSecret,
      callbackURL: `${config.publicUrl}/api/auth/discord/callback`,
      scope: ['identify', 'guilds.members.read'],
      scopeSeparator: ' ',
      state: true,
      pkce: true,
    });
  }

  override userProfile(accessToken: string, done: (err?: unknown, profile?: DiscordUser) => void): void {
    this.discord.fetchUser(accessToken).then(
      (user) => done(null, user),
      (error: unknown) => done(error),
    );
  }

  async validate(accessToken: string, _refreshToken: string, profile: DiscordUser): Promise<SessionUser | [false, SignInRefusal]> {
    const membership = await this.discord.fetchCommunityMembership(accessToken);
    if (!membership) return [false, { refused: true, message: 'Not a member of the community server' }];
    const user = await this.users.recordDiscordSignIn({
      discordId: profile.id,
      username: profile.username,
      globalName: profile.global_name,
      nickName: membership.nick,
      avatar: profile.avatar,
      banner: profile.banner,
    });
    return { id: user.id };
  }
}
