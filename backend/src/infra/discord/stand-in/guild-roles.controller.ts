import { Controller, Delete, Get, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { Access } from '../../../common/access.js';
import { STAND_IN_BOT_TOKEN } from './stand-in-key.js';
import type { DiscordMember, DiscordRole } from '../discord-guild-api.js';
import { GuildRolesStandInState, STAND_IN_BUCKET_LIMIT, type StandInGuild } from './guild-roles.state.js';

type Answer = { status: number; body?: unknown };

const UNKNOWN_ROLE: Answer = { status: 404, body: { message: 'Unknown Role', code: 10011 } };
const UNKNOWN_MEMBER: Answer = { status: 404, body: { message: 'Unknown Member', code: 10007 } };

/**
 * The stand-in for Discord's guild roles and member roles endpoints (API v10), which the role sync
 * calls as the bot. It keeps the server in GuildRolesStandInState, records every call, answers rate
 * limits as Discord does (`X-RateLimit-*` headers, 429 past a bucket's limit) and the faults a test
 * asks for. Mounted with the sign-in stand-in, never in production.
 */
@ApiExcludeController()
@Access('public')
@Controller('discord-stand-in/v10/guilds/:guildId')
export class DiscordStandInGuildRolesController {
  constructor(private readonly guild: GuildRolesStandInState) {}

  @Get('roles')
  roles(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer(req, res, async () => ({ status: 200, body: (await this.guild.read()).roles }));
  }

  @Post('roles')
  createRole(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = (req.body ?? {}) as { name?: unknown; color?: unknown };
    return this.answer(req, res, () =>
      this.guild.change((guild): Answer => {
        if (typeof body.name !== 'string' || body.name.length < 1 || body.name.length > 100) {
          return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: { name: ['1 to 100 characters'] } } };
        }
        const role: DiscordRole = { id: `12000000000000${String(guild.nextRoleSeq++).padStart(5, '0')}`, name: body.name, color: colourOf(body.color), managed: false };
        guild.roles.push(role);
        return { status: 200, body: role };
      }),
    );
  }

  @Patch('roles/:roleId')
  editRole(@Param('roleId') roleId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const body = (req.body ?? {}) as { name?: unknown; color?: unknown };
    return this.answer(req, res, () =>
      this.guild.change((guild): Answer => {
        const role = guild.roles.find((candidate) => candidate.id === roleId);
        if (!role) return UNKNOWN_ROLE;
        if (typeof body.name === 'string') role.name = body.name;
        if (body.color !== undefined) role.color = colourOf(body.color);
        return { status: 200, body: role };
      }),
    );
  }

  @Delete('roles/:roleId')
  deleteRole(@Param('roleId') roleId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer(req, res, () =>
      this.guild.change((guild): Answer => {
        if (!guild.roles.some((role) => role.id === roleId)) return UNKNOWN_ROLE;
        guild.roles = guild.roles.filter((role) => role.id !== roleId);
        for (const member of guild.members) member.roles = member.roles.filter((held) => held !== roleId);
        return { status: 204 };
      }),
    );
  }

  @Get('members')
  members(@Query('limit') limit: string | undefined, @Query('after') after: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer(req, res, async () => {
      const size = Math.min(1000, Math.max(1, Number(limit ?? 1) || 1));
      const from = BigInt(/^\d+$/.test(after ?? '') ? after! : '0');
      const members = (await this.guild.read()).members.filter((member) => BigInt(member.user.id) > from).sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1));
      return { status: 200, body: members.slice(0, size) };
    });
  }

  @Put('members/:userId/roles/:roleId')
  addMemberRole(@Param('userId') userId: string, @Param('roleId') roleId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer(req, res, () =>
      this.guild.change((guild) =>
        withMemberAndRole(guild, userId, roleId, (member) => {
          if (!member.roles.includes(roleId)) member.roles.push(roleId);
        }),
      ),
    );
  }

  @Delete('members/:userId/roles/:roleId')
  removeMemberRole(@Param('userId') userId: string, @Param('roleId') roleId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer(req, res, () =>
      this.guild.change((guild) =>
        withMemberAndRole(guild, userId, roleId, (member) => {
          member.roles = member.roles.filter((held) => held !== roleId);
        }),
      ),
    );
  }

  /** Checks the bot token and guild, spends the rate limit, answers a waiting fault or `handle`'s answer, and records the call. */
  private async answer(req: Request, res: Response, handle: () => Promise<Answer>): Promise<void> {
    const path = req.originalUrl.replace(/^.*\/discord-stand-in/, '');
    const bucket = createHash('sha1')
      .update(`${req.method} ${path.split('?')[0].replace(/\/\d+(?=\/|$)/g, '/:id')}`)
      .digest('hex')
      .slice(0, 12);
    let answer: Answer;
    if (req.headers.authorization !== `Bot ${STAND_IN_BOT_TOKEN}`) {
      answer = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    } else if (req.params.guildId !== this.guild.guildId) {
      answer = { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
    } else {
      const fault = await this.guild.takeFault(req.method);
      const spent = await this.guild.spend(bucket);
      res.setHeader('X-RateLimit-Bucket', bucket);
      res.setHeader('X-RateLimit-Limit', String(STAND_IN_BUCKET_LIMIT));
      res.setHeader('X-RateLimit-Remaining', String(spent.remaining));
      res.setHeader('X-RateLimit-Reset-After', (spent.resetAfterMs / 1000).toFixed(3));
      if (fault?.status === 429) answer = rateLimited(res, fault.retryAfter ?? 1, fault.global ?? false);
      else if (fault) answer = { status: fault.status, body: { message: 'Stand-in fault', code: 0 } };
      else if (spent.exceeded) answer = rateLimited(res, spent.resetAfterMs / 1000, false);
      else answer = await handle();
    }
    await this.guild.record({ method: req.method, path, body: req.body && Object.keys(req.body as object).length ? req.body : null, status: answer.status, at: Date.now() });
    if (answer.status === 204) res.status(204).end();
    else res.status(answer.status).json(answer.body);
  }
}

function rateLimited(res: Response, retryAfter: number, global: boolean): Answer {
  res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
  if (global) res.setHeader('X-RateLimit-Global', 'true');
  return { status: 429, body: { message: 'You are being rate limited.', retry_after: retryAfter, global } };
}

function withMemberAndRole(guild: StandInGuild, userId: string, roleId: string, apply: (member: DiscordMember) => void): Answer {
  const member = guild.members.find((candidate) => candidate.user.id === userId);
  if (!member) return UNKNOWN_MEMBER;
  if (!guild.roles.some((role) => role.id === roleId)) return UNKNOWN_ROLE;
  apply(member);
  return { status: 204 };
}

function colourOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffff ? value : 0;
}
