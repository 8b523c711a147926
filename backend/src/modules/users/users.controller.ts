import { Body, Controller, Header, NotFoundException, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ApiKeyInfo, CurrentUserDto, Page, RoleInfo, UserListItem } from '../../contracts/api.js';
import type { UserRoles } from '../../contracts/users.js';
import { Endpoint } from '../../common/endpoint.js';
import { PageQuery } from '../../common/pagination.js';
import { RateLimited } from '../../common/rate-limit.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { UserPageBody } from './dto/user-page.dto.js';
import { UserRoleParams } from './dto/role-param.dto.js';
import { ApiKeysService } from './api-keys.service.js';
import { UsersService } from './users.service.js';
import { CURRENT_USER_READS } from './users.reads.js';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  @Endpoint('GET /users/me')
  @CachedRead(CURRENT_USER_READS, { perCaller: true })
  me(@CurrentPrincipal() principal: Principal): Promise<CurrentUserDto> {
    return this.users.currentUser(principal.userId);
  }

  @Endpoint('POST /users/page')
  page(@Query() query: PageQuery, @Body() body: UserPageBody): Promise<Page<UserListItem>> {
    return this.users.page(query, body);
  }

  @Endpoint('GET /users/export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="paddock-users.csv"')
  async export(): Promise<StreamableFile> {
    return new StreamableFile(Buffer.from(await this.users.exportCsv(), 'utf8'));
  }

  @Endpoint('POST /users/me/apiKey')
  @RateLimited('apiKey')
  async createApiKey(@CurrentPrincipal() principal: Principal): Promise<{ key: string }> {
    return { key: await this.apiKeys.issue(principal.userId) };
  }

  @Endpoint('GET /users/me/apiKey')
  async describeApiKey(@CurrentPrincipal() principal: Principal): Promise<ApiKeyInfo> {
    const info = await this.apiKeys.describe(principal.userId);
    if (!info) throw new NotFoundException('You have no API key yet');
    return info;
  }

  @Endpoint('DELETE /users/me/apiKey')
  async revokeApiKey(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.apiKeys.revoke(principal.userId);
  }

  @Endpoint('PUT /users/:id/roles/:role')
  async grantRole(@Param() params: UserRoleParams, @CurrentPrincipal() admin: Principal): Promise<UserRoles> {
    return { roles: await this.users.setRoleByAdmin(admin, params.id, params.role, true) };
  }

  @Endpoint('DELETE /users/:id/roles/:role')
  async revokeRole(@Param() params: UserRoleParams, @CurrentPrincipal() admin: Principal): Promise<UserRoles> {
    return { roles: await this.users.setRoleByAdmin(admin, params.id, params.role, false) };
  }
}

@ApiTags('users')
@Controller()
export class RolesController {
  constructor(private readonly users: UsersService) {}

  @Endpoint('GET /roles')
  list(): RoleInfo[] {
    return this.users.roles();
  }
}
