import { Body, Controller, Param, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { Caller, CurrentPrincipal, seesHiddenDrivers, type Principal } from '../../common/principal.js';
import type { MyTeamDto, TeamDto, TeamInviteDto } from '../../contracts/teams.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { JsonPartWithImage, type UploadedImage } from '../images/index.js';
import { CaptainsBody, HandOverBody, InviteBody, InviteResponseBody, TeamBody, TeamProfileParams } from './dto/team.dto.js';
import { TeamRosters } from './team-rosters.js';
import { TEAM_READS } from './teams.reads.js';

@ApiTags('teams')
@Controller()
export class TeamsController {
  constructor(private readonly rosters: TeamRosters) {}

  // Fixed paths come before `:id`, which would otherwise take them.

  /** Every team with its logo, colour and drivers (GridTeams). */
  @Endpoint('GET /teams')
  @CachedRead(TEAM_READS, { bypass: seesHiddenDrivers })
  list(@Caller() viewer?: Principal): Promise<TeamDto[]> {
    return this.rosters.list(viewer);
  }

  /** The teams that invited the caller (accept or decline on the Profile page). */
  @Endpoint('GET /teams/invites')
  invites(@CurrentPrincipal() principal: Principal): Promise<TeamInviteDto[]> {
    return this.rosters.invitesOf(principal);
  }

  /** The teams the caller captains, with open invitations (My Teams); none for a driver who captains none. */
  @Endpoint('GET /teams/mine')
  mine(@CurrentPrincipal() principal: Principal): Promise<MyTeamDto[]> {
    return this.rosters.mine(principal);
  }

  /** Multipart: `team` (JSON; with `id` it updates) and an optional `logo` image (stored as webp). 409 for a taken name. */
  @Endpoint('PUT /teams')
  @JsonPartWithImage('team', 'logo')
  save(@Body('team') team: TeamBody, @CurrentPrincipal() admin: Principal, @UploadedFile() logo?: UploadedImage): Promise<TeamDto> {
    return this.rosters.save(admin, team, logo);
  }

  @Endpoint('GET /teams/:id')
  @CachedRead(TEAM_READS, { bypass: seesHiddenDrivers })
  get(@Param() { id }: IdParam, @Caller() viewer?: Principal): Promise<TeamDto> {
    return this.rosters.get(id, viewer);
  }

  @Endpoint('DELETE /teams/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.rosters.remove(admin, id);
  }

  /** Admins appoint exactly these captains; drivers not in the team join it. */
  @Endpoint('PUT /teams/:id/captains')
  captains(@Param() { id }: IdParam, @Body() body: CaptainsBody, @CurrentPrincipal() admin: Principal): Promise<TeamDto> {
    return this.rosters.setCaptains(admin, id, body.profileIds);
  }

  /** A captain invites a driver; the driver accepts or declines on their profile. */
  @Endpoint('POST /teams/:id/invites')
  invite(@Param() { id }: IdParam, @Body() body: InviteBody, @CurrentPrincipal() principal: Principal): Promise<MyTeamDto> {
    return this.rosters.invite(principal, id, body.profileId);
  }

  @Endpoint('DELETE /teams/:id/invites/:profileId')
  withdrawInvite(@Param() params: TeamProfileParams, @CurrentPrincipal() principal: Principal): Promise<MyTeamDto> {
    return this.rosters.withdrawInvite(principal, params.id, params.profileId);
  }

  /** The invited caller accepts (takes a seat; 409 when in another team of the game) or declines. */
  @Endpoint('POST /teams/:id/invites/respond')
  respond(@Param() { id }: IdParam, @Body() body: InviteResponseBody, @CurrentPrincipal() principal: Principal): Promise<TeamInviteDto[]> {
    return this.rosters.respond(principal, id, body.accept);
  }

  @Endpoint('DELETE /teams/:id/members/:profileId')
  removeMember(@Param() params: TeamProfileParams, @CurrentPrincipal() principal: Principal): Promise<MyTeamDto> {
    return this.rosters.removeMember(principal, params.id, params.profileId);
  }

  /** The captain hands captaincy to a driver of the team and stays on as a driver. */
  @Endpoint('POST /teams/:id/captaincy')
  handOver(@Param() { id }: IdParam, @Body() body: HandOverBody, @CurrentPrincipal() principal: Principal): Promise<TeamDto> {
    return this.rosters.handOver(principal, id, body.profileId);
  }
}
